/** English: the terminal area's panel and its settings. */
import type { Pack } from '@portico/web-sdk/module';

const terminal = {
  Terminal: 'Terminal',
  'Waiting for execution': 'Waiting for execution',
  Connecting: 'Connecting',
  Executing: 'Executing',
  'Successful execution': 'Successful execution',
  'Execution failed': 'Execution failed',
  'Unknown execution result': 'Unknown execution result',
  'Failure blocks the queue': 'Failure blocks the queue',
  'Failure to execute this command will block the execution of the queue':
    'Failure to execute this command will block the execution of the queue',
  'Do not refresh your browser': 'Do not refresh your browser',
  Retry: 'Retry',
  'Command Run Log': 'Command Run Log',
  'There is no task yet': 'There is no task yet',
  'Test command': 'Test command',
  'Install dependent packages': 'Install dependent packages',
  Republish: 'Republish',
  'Are you sure you want to republish?': 'Are you sure you want to republish?',
  'Clean up the task list': 'Clean up the task list',
  'Terminal setup': 'Terminal setup',
  'Back to terminal': 'Back to terminal',
  'NPM source': 'NPM source',
  Unknown: 'Unknown',
  'NPM package manager': 'NPM package manager',
  'Manual execution': 'Manual execution',
  'NPM package manager tip':
    'Runs installs and builds in the terminal. npm is the default: it comes with Node.js. pnpm is not on a fresh machine and leaves a second lockfile that makes package-lock.json stale. Manual execution: the terminal runs no installs; run them yourself.',
  'Package manager': 'Package manager',
  'Please select package manager': 'Please select package manager',
  'Clear successful task': 'Clear successful task',
  'Clear successful task tip': 'When a new task is added, successful tasks are removed from the list',
  'Failed to modify the source command, Please try again manually':
    'Failed to modify the source command, Please try again manually',
  Reminder: 'Reminder',
};

export default { terminal } satisfies Pack;

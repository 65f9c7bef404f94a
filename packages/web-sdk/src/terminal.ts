/**
 * The back-office terminal's state, for the terminal area's panel: the store (open or not, the
 * task list, the settings) with its queueing calls, and what a task's card asks of the queue.
 * The state stays core: the module installer queues its installs and builds through it too.
 */
export { addTask, addTaskPM, useTerminal } from '../../../apps/web/src/stores/terminal';
export {
  blocksQueue,
  canDelete,
  canRetry,
  isRunning,
  type TerminalTask,
} from '../../../apps/web/src/stores/terminal-queue';

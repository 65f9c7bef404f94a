/** English: the sessions area's "Signed-in sessions" card (administrators and members). */
import type { Pack } from '@portico/web-sdk/module';

const sessions = {
  'Signed-in sessions': 'Signed-in sessions',
  '{browser} on {os}': '{browser} on {os}',
  'Unknown device': 'Unknown device',
  'This device': 'This device',
  'Last used': 'Last used',
  'Sign out': 'Sign out',
  'Sign out this session?': 'Sign out this session?',
  'Sign out all other sessions': 'Sign out all other sessions',
  'Sign out all other sessions?': 'Sign out all other sessions?',
  'Every other device will have to sign in again': 'Every other device will have to sign in again.',
};

export default { sessions } satisfies Pack;

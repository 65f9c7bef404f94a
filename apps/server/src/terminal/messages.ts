/**
 * What the command runner tells the administrator, as English message keys (the original's
 * where it had one) translated per request; the stream sends them as `Error:<text>` lines.
 * The refusals of the stream's caller belong to the terminal area (areas/terminal/messages.ts).
 */
export const TERMINAL_MESSAGES = {
  notAllowed: 'The command was not allowed to be executed',
  managerMissing:
    'The package manager %s is not installed, install it or choose another one in the terminal settings',
  busy: 'Another command is running on the server, please wait until it has finished',
  interactive: 'An interactive command has been detected, and the command has been stopped',
  timedOut: 'The command ran for more than %s minutes and has been stopped',
  stopped: 'The command has been stopped',
  notStarted: 'The command could not be started: %s',
  prepareFailed: 'The command could not be prepared: %s',
  callbackFailed: 'Command execution succeeded, but callback execution failed',
} as const;

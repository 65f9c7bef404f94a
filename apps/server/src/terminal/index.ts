/**
 * The terminal's command runner, a core service (`ctx.terminal`): it runs whitelisted commands
 * one at a time on the machine and reports them over an event stream. The terminal area
 * (its stream, ticket and settings routes) drives it; the module installer hooks the success
 * of the dependency installs it queues, and takes the runner's cross-process lock file under
 * its own name so only one module operation runs at a time across server processes (the
 * stale-lock takeover is subtle enough to exist once); the back-office is told its settings
 * at start.
 */
export { EventStream } from './event-stream.js';
export type { TerminalSuccess, TerminalSuccessHook } from './success-hooks.js';
export { TerminalLock } from './terminal-lock.js';
export { terminalSettings, terminalSettingsSchema } from './terminal-settings.js';

/**
 * What the terminal feature offers other features: its cross-process lock file, which the
 * module installer takes under its own name so only one module operation runs at a time
 * across server processes (the stale-lock takeover is subtle enough to exist once), and what
 * the back-office is told about the terminal at start.
 */
export { TerminalLock } from './terminal-lock.js';
export { terminalSettings, terminalSettingsSchema } from './terminal-settings.js';

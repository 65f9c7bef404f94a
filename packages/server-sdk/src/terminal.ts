/**
 * The terminal: the core runs whitelisted commands one at a time (`ctx.terminal`). What an area
 * or a module may use of it: the event stream a command reports over, the terminal's settings
 * (and their answer schema), and the shape of the hook `ctx.terminal.onTerminalSuccess` runs
 * after a command queued with `extend: '<prefix>:<argument>'` succeeded.
 */
export {
  EventStream,
  type TerminalSuccess,
  type TerminalSuccessHook,
  terminalSettings,
  terminalSettingsSchema,
} from '../../../apps/server/src/terminal/index.js';

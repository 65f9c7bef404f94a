/**
 * The web terminal as a built-in area: the event stream a super administrator runs a
 * whitelisted command over, the single-use ticket that opens it, and the terminal settings
 * (package manager, port). The runner itself is core (`ctx.terminal`, apps/server/src/terminal):
 * the module installer queues installs through it too. The terminal has no menu rule (the
 * back-office opens it from its top bar) and no table of its own (settings are config rows).
 */
import { defineModule } from '@portico/server-sdk';
import { registerTerminalConfigRoute } from './config.routes.js';
import { TERMINAL_LANG } from './lang.js';
import { registerTerminalStreamRoutes } from './stream.routes.js';

export const terminalArea = defineModule({
  uid: 'terminal',
  version: '1.0.0',
  builtIn: true,
  routes(app, ctx) {
    registerTerminalStreamRoutes(app, ctx);
    registerTerminalConfigRoute(app, ctx);
  },
  lang: TERMINAL_LANG,
});

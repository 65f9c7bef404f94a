/**
 * The sessions area: an account's signed-in sessions from its profile (list them, end one,
 * end all others), for administrators (`routine.AdminInfo/sessions|endSession|endOtherSessions`)
 * and members (`/api/account/sessions|endSession|endOtherSessions`) alike. The sessions
 * themselves are the core's tokens (`ctx.tokens`), which sign-in issues and every request
 * checks; this area serves the screens over them through the SDK. Its actions sit under the
 * profiles' rules, so it declares no menu rule of its own, and it has no table.
 */
import { defineModule } from '@portico/server-sdk';
import { SESSIONS_LANG } from './lang.js';
import { registerSessionRoutes } from './sessions.routes.js';

export const sessionsArea = defineModule({
  uid: 'sessions',
  version: '1.0.0',
  builtIn: true,
  routes: registerSessionRoutes,
  lang: SESSIONS_LANG,
});

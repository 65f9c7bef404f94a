/**
 * The two-factor area: the administrator's second factor from their profile (see it, set it
 * up, renew the recovery codes, turn it off) and a super administrator's reset of another's.
 * The second factor itself (the TOTP secret sealed at rest, the recovery codes, the lockout)
 * is core, because sign-in checks and enrols it; this area serves the screens over it through
 * the SDK. Its tables are in the core's install data (migrations 0021 and 0023, frozen), and
 * its actions sit under the profile's and the administrators' rules, so it declares no menu
 * rule of its own.
 */
import { defineModule } from '@portico/server-sdk';
import { TWO_FACTOR_LANG } from './lang.js';
import { registerTwoFactorRoutes } from './two-factor.routes.js';

export const twoFactorArea = defineModule({
  uid: 'two-factor',
  version: '1.0.0',
  builtIn: true,
  routes: registerTwoFactorRoutes,
  lang: TWO_FACTOR_LANG,
});

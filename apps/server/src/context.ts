/**
 * What every feature is given when it registers its routes: the database, the parsed
 * configuration and the shared services. Built once per app in app.ts.
 */
import type { AdminAuth } from './auth/admin-auth.js';
import type { CaptchaService } from './auth/captcha.js';
import type { TokenService } from './auth/tokens.js';
import type { UserAuth } from './auth/user-auth.js';
import type { VerificationCodes } from './auth/verification-codes.js';
import type { AppConfig } from './config.js';
import type { CaptureSlot } from './crud/write-context.js';
import type { CacheVersions } from './db/cache-versions.js';
import type { Db } from './db/connection.js';
import type { Settings } from './features/config/settings.js';
import type { SmsGateway } from './features/verify/sms.js';
import type { WebBuild } from './features/web/web-build.js';
import type { ServerRestart } from './http/server-restart.js';
import type { Terminal } from './terminal/terminal.js';

export interface AppContext {
  config: AppConfig;
  db: Db;
  /** Drops cached rows in this process and the others on the database when they change. */
  caches: CacheVersions;
  settings: Settings;
  tokens: TokenService;
  captcha: CaptchaService;
  adminAuth: AdminAuth;
  userAuth: UserAuth;
  /** E-mail and SMS verification codes. */
  codes: VerificationCodes;
  sms: SmsGateway;
  /** The built web app being served; the terminal's web-build tells it a new build is there. */
  webBuild: WebBuild;
  /** Whitelisted commands for super administrators; other areas hook into their success. */
  terminal: Terminal;
  /** Restarts the process under `npm start`'s supervisor (new server code); refused elsewhere. */
  restart: ServerRestart;
  /** The captures around resource writes, filled by the data-security area (areas/security/audit.ts). */
  captures: CaptureSlot;
}

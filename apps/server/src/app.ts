/**
 * buildApp(config): the whole server as a Fastify instance — plugins, hooks, then every
 * feature's routes. Tests build it and talk to it through `inject`; main.ts listens.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import { BUILT_IN_AREAS } from './areas/index.js';
import { AdminAuth } from './auth/admin-auth.js';
import { CaptchaService } from './auth/captcha.js';
import { TokenService } from './auth/tokens.js';
import { UserAuth } from './auth/user-auth.js';
import { VerificationCodes } from './auth/verification-codes.js';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { CaptureSlot } from './crud/write-context.js';
import { CacheVersions } from './db/cache-versions.js';
import { type Db, openDatabase } from './db/connection.js';
import { withStartupLock } from './db/startup-lock.js';
import { describeFilesReport, type OldFiles } from './db/takeover/files.js';
import { type Prepared, prepareDatabase } from './db/takeover/takeover.js';
import { Settings } from './features/config/settings.js';
import { registerFeatures } from './features/index.js';
import { registerModuleInstallerRoutes } from './features/module/installer/module.routes.js';
import { packageInstalled } from './features/module/installer/package-installed.js';
import { marketImageSources } from './features/module/market/market-address.js';
import { SmsGateway } from './features/verify/sms.js';
import { registerWebApp } from './features/web/web-app.js';
import { WebBuild } from './features/web/web-build.js';
import { authBudgetStore } from './http/auth-budget-store.js';
import { corsOptions } from './http/cors.js';
import { registerErrorHandling, sendServiceUnavailable } from './http/error-handler.js';
import { registerIpBlock } from './http/ip-block.js';
import { requestForLog } from './http/log-serializers.js';
import { zodValidatorCompiler } from './http/route-schema.js';
import { answerChecks, recordRoutes } from './http/routes.js';
import { ServerRestart } from './http/server-restart.js';
import { detectLang } from './i18n/index.js';
import type { ModuleDefinition } from './module-contract/define.js';
import { startModules } from './module-contract/lifecycle.js';
import { INSTALLED_MODULES } from './modules/installed.js';
import { Terminal, type TerminalOptions } from './terminal/terminal.js';
import './http/request-context.js';

/** PHP bracket notation (`ids[]=1`, `search[0][field]=id`), bounded against abuse. */
const QS_OPTIONS: qs.IParseOptions = {
  depth: 5,
  arrayLimit: 1000,
  parameterLimit: 2000,
  allowPrototypes: false,
  allowDots: false,
};

export interface BuildOptions {
  /** Run migrations before serving (default true). */
  migrate?: boolean;
  /** Use this database instead of opening config.databaseUrl (tests share one per suite). */
  db?: Db;
  /** Where log lines go instead of stdout (tests read what the server logged). */
  logStream?: { write(line: string): void };
  /** Test-only additions to the terminal (see TerminalOptions). */
  terminal?: TerminalOptions;
  /** The installed modules instead of those discovered at build time (tests bring fixtures). */
  modules?: readonly ModuleDefinition[];
  /** How to restart this process (main.ts under the supervisor); without it restarts are refused. */
  restart?: () => void;
  /** Fail a request whose answer does not match its route's declared schema (tests). */
  checkAnswers?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** The old site's files a takeover copies (TAKEOVER_FILES), if any. */
export function oldFilesOf(config: AppConfig): OldFiles | undefined {
  return config.takeoverFiles ? { from: config.takeoverFiles, storageDir: config.storageDir } : undefined;
}

async function prepareUntimed(config: AppConfig): Promise<Prepared> {
  const untimed = await openDatabase(config.databaseUrl, config.tablePrefix);
  try {
    return await prepareDatabase(untimed, { files: oldFilesOf(config) });
  } finally {
    await untimed.close();
  }
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  if (!config.appSecret) throw new Error('buildApp needs config.appSecret (see ensureAppSecret)');
  const db =
    options.db ??
    (await openDatabase(config.databaseUrl, config.tablePrefix, {
      statementTimeoutMs: config.statementTimeoutMs,
      traceStatements: config.listTrace,
    }));
  // A BuildAdmin v2 database is taken over on first start, as `npm run takeover` would.
  let prepared: Prepared | undefined;
  try {
    if (options.migrate ?? true) {
      // Migrations may build indexes over millions of rows: through a connection of their
      // own, without the serving statement timeout (SQLite has none).
      const own = !options.db && db.dialect !== 'sqlite';
      prepared = own
        ? await prepareUntimed(config)
        : await prepareDatabase(db, { files: oldFilesOf(config) });
    }
  } catch (error) {
    // A refused or failed start leaves no pool of its own open behind it.
    if (!options.db) await db.close();
    throw error;
  }

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // The logged URL with secrets masked (the terminal stream's ticket and batoken).
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // Fastify's default is no limit at all: a client could hold a connection by never
    // finishing its body. Node takes it only when the server is created (set afterwards, as
    // Fastify does, it is not enforced), and looks every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, config.requestTimeoutMs / 4),
    },
    // Requests arriving while the server shuts down get the envelope (onRequest below).
    return503OnClosing: false,
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      querystringParser: (text: string) => qs.parse(text, QS_OPTIONS),
    },
  });

  if (prepared?.outcome === 'taken-over')
    app.log.warn({ applied: prepared.applied }, 'took over the BuildAdmin v2 database: its rows are kept');
  if (prepared?.files) {
    const { files } = prepared;
    const trouble = files.missing.length + files.different.length + files.kept.length + files.failed.length;
    app.log[trouble ? 'warn' : 'info'](
      { report: describeFilesReport(files) },
      `copied the old site's files: ${files.copied.length} copied, ${trouble} to look at (docs/takeover.md)`,
    );
  }

  // Route schemas are zod (http/route-schema.ts), not JSON Schema for Ajv.
  app.setValidatorCompiler(zodValidatorCompiler);
  recordRoutes(app);
  if (options.checkAnswers) answerChecks.add(app);

  const tokens = new TokenService(db, config.appSecret);
  const caches = new CacheVersions(db);
  const settings = new Settings(db, caches);
  const webBuild = new WebBuild(config.webDist, marketImageSources(config));
  const ctx: AppContext = {
    config,
    db,
    caches,
    settings,
    tokens,
    captcha: new CaptchaService(db, config.appSecret),
    adminAuth: new AdminAuth(db, tokens, config, caches),
    userAuth: new UserAuth(db, tokens),
    codes: new VerificationCodes(db, config.appSecret),
    sms: new SmsGateway(settings, app.log),
    webBuild,
    terminal: new Terminal(config, tokens, webBuild, options.terminal),
    restart: new ServerRestart(options.restart),
    captures: new CaptureSlot(),
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: config.bodyLimit },
    (_request, body, done) => {
      done(null, qs.parse(body as string, QS_OPTIONS));
    },
  );

  app.decorateRequest('lang', 'zh-cn');
  app.decorateRequest('admin', null);
  app.decorateRequest('user', null);
  // Replaced per request in onRequest; the decorator only declares the slot.
  app.decorateRequest('adminLog', null as never);
  // Set when close() begins (SIGTERM): requests in flight finish, new ones are turned away.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    request.lang = detectLang(
      request.query,
      header(request.headers['think-lang']),
      request.headers['accept-language'],
    );
    request.adminLog = {};
    if (closing) {
      // Nothing was done, so there is nothing to audit; the database is about to close.
      request.adminLog.skip = true;
      return sendServiceUnavailable(request, reply);
    }
  });

  await app.register(helmet, {
    // The API answers JSON; the web app (served later) brings its own policy.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(cors, corsOptions());
  await app.register(rateLimit, { global: false, store: authBudgetStore(db) });
  registerErrorHandling(app, await registerWebApp(app, ctx));
  registerIpBlock(app, ctx);

  await registerFeatures(app, ctx);
  const modules = [...BUILT_IN_AREAS, ...(options.modules ?? INSTALLED_MODULES)];
  registerModuleInstallerRoutes(app, ctx, modules);
  await withStartupLock(db, () =>
    startModules(app, ctx, modules, (uid) => packageInstalled(config.projectDir, uid)),
  );

  caches.start();
  app.addHook('onClose', async () => {
    await caches.stop();
    if (!options.db) await db.close();
  });
  return { app, ctx };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

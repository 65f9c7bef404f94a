/**
 * A real server on a real, freshly migrated database (a copy of the run's migrated template,
 * migrated-templates.ts), driven through Fastify's inject.
 * `forEachDatabase` runs a suite once per configured dialect.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope as SharedEnvelope } from '@portico/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { type AppConfig, defaultConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import type { Dialect } from '../../src/db/dialect.js';
import { insertId } from '../../src/db/insert-id.js';
import { ensureSuperAdmin, SUPER_ADMIN_USERNAME } from '../../src/setup/super-admin.js';
import { migratedTemplate, type TestDatabase, testDatabases } from './databases.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/** The shared envelope; `any` data by default, as a test reads whatever it asserts on. */
export type Envelope<T = any> = SharedEnvelope<T>;

export interface TestApp {
  dialect: Dialect;
  app: FastifyInstance;
  ctx: AppContext;
  /** The super administrator's password (username 'admin'). */
  superPassword: string;
  close(): Promise<void>;
}

export async function startTestApp(
  factoryDialect: Dialect,
  overrides: Partial<AppConfig> = {},
  build: Pick<BuildOptions, 'logStream' | 'terminal' | 'modules'> = {},
  /** Where the server reaches the database (a fault test's proxy); the database's own URL by default. */
  route: (databaseUrl: string) => Promise<{ url: string; close(): Promise<void> }> = async (url) => ({
    url,
    close: async () => {},
  }),
): Promise<TestApp> {
  const factory = testDatabases().find((f) => f.dialect === factoryDialect);
  if (!factory) throw new Error(`dialect ${factoryDialect} is not configured`);
  // A copy of the run's migrated template, unless the test's settings change what migrating
  // does (another table prefix, an old site's files to take over).
  const template =
    overrides.tablePrefix === undefined && overrides.takeoverFiles === undefined
      ? migratedTemplate(factoryDialect)
      : undefined;
  const database: TestDatabase = await factory.create(template);
  const way = await route(database.url);
  // Uploads land in a folder of this app's own.
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-test-data-'));
  const config = defaultConfig({
    dataDir,
    databaseUrl: way.url,
    appSecret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    adminLoginCaptcha: false,
    userLoginCaptcha: false,
    authRateLimit: 1000,
    ...overrides,
  });
  const { app, ctx } = await buildApp(config, { ...build, checkAnswers: true });
  const superPassword = (await ensureSuperAdmin(ctx.db)) ?? '';
  await app.ready();
  return {
    dialect: factoryDialect,
    app,
    ctx,
    superPassword,
    close: async () => {
      await app.close();
      await way.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test app that reaches its database through a TCP proxy the test owns, so a fault test can
 * cut, black-hole or lose answers on the connection without touching the shared database service.
 */
export async function startTestAppBehindProxy(
  dialect: Dialect,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp & { proxy: TcpProxy }> {
  if (dialect === 'sqlite') throw new Error('SQLite is a file: there is no connection to proxy');
  let proxy: TcpProxy | undefined;
  const t = await startTestApp(dialect, overrides, {}, async (databaseUrl) => {
    const direct = new URL(databaseUrl);
    const started = await startTcpProxy(
      direct.hostname,
      Number(direct.port || (dialect === 'postgres' ? 5432 : 3306)),
    );
    proxy = started;
    const proxied = new URL(databaseUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(started.port);
    return {
      url: proxied.toString(),
      close: async () => {
        started.restore();
        await started.close();
      },
    };
  });
  if (!proxy) throw new Error('the proxy did not start');
  return { ...t, proxy };
}

/** Runs `suite` once per configured database, with a fresh app for each. */
export function forEachDatabase(
  name: string,
  suite: (get: () => TestApp) => void,
  overrides: Partial<AppConfig> = {},
  build: Pick<BuildOptions, 'logStream' | 'terminal' | 'modules'> = {},
): void {
  for (const { dialect } of testDatabases()) {
    describe(`${name} [${dialect}]`, () => {
      let current: TestApp | undefined;
      beforeAll(async () => {
        current = await startTestApp(dialect, overrides, build);
      });
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error('test app not started');
        return current;
      });
    });
  }
}

export interface CallOptions {
  token?: string;
  userToken?: string;
  body?: unknown;
  query?: Record<string, unknown> | string;
  lang?: 'zh-cn' | 'en';
  headers?: Record<string, string>;
  /** The caller's address as the server sees it (inject's default is 127.0.0.1). */
  remoteAddress?: string;
}

/** Calls the API and returns the parsed envelope plus the HTTP status. */
export async function call<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<Envelope<T> & { status: number }> {
  const headers: Record<string, string> = {
    'think-lang': options.lang ?? 'en',
    server: 'true',
    ...options.headers,
  };
  if (options.token) headers.batoken = options.token;
  if (options.userToken) headers['ba-user-token'] = options.userToken;
  const query = typeof options.query === 'string' ? options.query : undefined;
  const response = await app.inject({
    method,
    url: query ? `${url}?${query}` : url,
    query: typeof options.query === 'object' ? (options.query as Record<string, string>) : undefined,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  return { ...(response.json() as Envelope<T>), status: response.statusCode };
}

export async function loginAdmin(app: FastifyInstance, username: string, password: string, keep = false) {
  const res = await call(app, 'POST', '/admin/index/login', { body: { username, password, keep } });
  if (res.code !== 1) throw new Error(`login of ${username} failed: ${res.msg}`);
  return res.data.userInfo as { id: number; token: string; refresh_token: string };
}

export async function loginSuper(t: TestApp, keep = false) {
  return loginAdmin(t.app, SUPER_ADMIN_USERNAME, t.superPassword, keep);
}

/** Inserts an administrator directly (with the given groups) and returns its id. */
export async function createAdmin(
  ctx: AppContext,
  username: string,
  password: string,
  groupIds: number[] = [],
): Promise<number> {
  const id = await insertId(
    ctx.db,
    ctx.db.kysely
      .insertInto('admin')
      .values({ username, nickname: username, password: await hashPassword(password) }),
  );
  for (const group_id of groupIds) {
    await ctx.db.kysely.insertInto('admin_group_access').values({ uid: id, group_id }).execute();
  }
  return id;
}

/** Inserts an admin group granting the named rules and returns its id. */
export async function createGroup(
  ctx: AppContext,
  name: string,
  ruleNames: string[],
  pid = 1,
): Promise<number> {
  const rules = ruleNames.length
    ? await ctx.db.kysely.selectFrom('admin_rule').select('id').where('name', 'in', ruleNames).execute()
    : [];
  return insertId(
    ctx.db,
    ctx.db.kysely
      .insertInto('admin_group')
      .values({ name, pid, rules: rules.map((r) => r.id).join(','), status: '1' }),
  );
}

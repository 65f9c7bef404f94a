/**
 * The environment, parsed and validated once at start by one schema (environmentSchema).
 * Nothing else reads process.env: tests build an AppConfig directly.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  /** `sqlite:<file>`, `mysql://…` or `postgres://…` */
  databaseUrl: string;
  host: string;
  port: number;
  dataDir: string;
  /**
   * Where uploads are stored (served at /storage/). Several server processes must share it
   * (docs/deploy.md): the same folder, or one network mount, for all of them.
   */
  storageDir: string;
  tablePrefix: string;
  appSecret: string;
  logLevel: LogLevel;
  trustProxy: boolean;
  /** When set, overrides the stored captcha switch (for automated test environments). */
  adminLoginCaptcha?: boolean;
  userLoginCaptcha?: boolean;
  /** Token lifetimes in seconds. */
  adminTokenTtl: number;
  userTokenTtl: number;
  refreshTokenTtl: number;
  /** Per-IP limit of auth POSTs (login, register, code sending, retrieval) per minute. */
  authRateLimit: number;
  /** Request body limit in bytes (uploads have their own). */
  bodyLimit: number;
  /**
   * How long a client may take to send a whole request (headers and body; the answer is not
   * counted): a client that stalls or trickles its body is cut off with 408 after this.
   */
  requestTimeoutMs: number;
  /**
   * How long one database statement of the running server may take (PostgreSQL and MariaDB;
   * SQLite is in-process). Migrations, the command-line tools and the benchmark's seeding
   * run without it.
   */
  statementTimeoutMs: number;
  /**
   * A list request that asks for it is answered with the paths its list took and the SQL it
   * ran (crud/list-trace.ts), for `npm run bench:scale` (docs/bench-scale.md). Off by default:
   * the header shows the statements' parameters (what an administrator searched for).
   */
  listTrace: boolean;
  /** The built web app (index.html and assets/), served at the same origin. */
  webDist: string;
  /**
   * The project the terminal's commands work on (installs, builds, migrations, its .npmrc):
   * the repository root. Tests point it at a scratch copy.
   */
  projectDir: string;
  /**
   * The module store this site's market talks to (another Portico instance's origin). Empty:
   * this instance's own store, reached at its own listening address.
   */
  marketUrl: string;
  /** How long a request to the market may take before the administrator is told it cannot be reached. */
  marketTimeoutMs: number;
  /**
   * The old site's public folder (the one holding `storage/`) when a BuildAdmin v2 database is
   * taken over: its uploads are copied into storageDir by the process that takes it over
   * (db/takeover/files.ts). Ignored once the database is Portico's.
   */
  takeoverFiles?: string;
  /** The environment the server was started with; terminal commands get a cleaned copy. */
  environment: Readonly<Record<string, string | undefined>>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SECRET_FILE = 'app-secret';
const YEAR = 365 * 86_400;

/** Defaults used by both the CLI and tests; tests override what they need. */
export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? resolve('data');
  return {
    databaseUrl: `sqlite:${join(dataDir, 'portico.sqlite')}`,
    host: '127.0.0.1',
    port: 8000,
    dataDir,
    storageDir: join(dataDir, 'storage'),
    tablePrefix: 'ba_',
    appSecret: '',
    logLevel: 'info',
    trustProxy: false,
    adminTokenTtl: 72 * 3600,
    userTokenTtl: 72 * 3600,
    refreshTokenTtl: 30 * 24 * 3600,
    authRateLimit: 20,
    bodyLimit: 2 * 1024 * 1024,
    // A 5 MiB import or a module's zip still arrives at about 40 KiB/s.
    requestTimeoutMs: 120_000,
    statementTimeoutMs: 30_000,
    listTrace: false,
    webDist: resolve('apps/web/dist'),
    projectDir: resolve('.'),
    marketUrl: '',
    marketTimeoutMs: 15_000,
    environment: process.env,
    ...overrides,
  };
}

/** A variable whose empty value means unset. */
const variable = () => z.preprocess((raw) => (raw === '' ? undefined : raw), z.string().optional());

/** A whole number within bounds; the message names the value given. */
const wholeNumber = (min: number, max: number) =>
  variable().transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max} (got "${raw}")` });
    return z.NEVER;
  });

/** 0/1 (or false/true); unset stays undefined. */
const flag = () =>
  variable().transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    if (raw === '1' || raw === 'true') return true;
    if (raw === '0' || raw === 'false') return false;
    ctx.addIssue({ code: 'custom', message: `must be 0 or 1 (got "${raw}")` });
    return z.NEVER;
  });

/**
 * The environment's schema. The keys' order is the order problems are reported in; each
 * message follows the variable's name. `cwd` resolves relative folders.
 */
function environmentSchema(cwd: string) {
  const folder = () => variable().transform((raw) => (raw === undefined ? undefined : resolvePath(cwd, raw)));
  return z.object({
    DATA_DIR: folder(),
    DATABASE_URL: z.preprocess(
      (raw) => (typeof raw === 'string' ? raw.trim() || undefined : raw),
      z
        .string()
        .regex(
          /^(sqlite:|mysql:\/\/|mariadb:\/\/|postgres:\/\/|postgresql:\/\/)/,
          'must start with sqlite:, mysql://, mariadb://, postgres:// or postgresql://',
        )
        .optional(),
    ),
    PORT: wholeNumber(1, 65535),
    // Empty is refused, not unset: a site asking for no prefix must be told it cannot.
    TABLE_PREFIX: z
      .string()
      .regex(
        /^[a-z][a-z0-9_]{0,19}$/,
        'must be lower-case letters, digits or _, start with a letter, at most 20 long',
      )
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
    HOST: z.preprocess(
      (raw) => (typeof raw === 'string' ? raw.trim() || undefined : raw),
      z.string().regex(/^\S+$/, 'must be a host name or address').optional(),
    ),
    MARKET_URL: z
      .string()
      .transform((raw) => raw.trim().replace(/\/+$/, ''))
      .refine(
        (url) => !url || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(url),
        'must be an http:// or https:// address (the store site origin)',
      )
      .optional(),
    APP_SECRET: z
      .string()
      .refine((secret) => secret === '' || secret.length >= 32, 'must be at least 32 characters long')
      .optional(),
    TRUST_PROXY: flag(),
    ADMIN_LOGIN_CAPTCHA: flag(),
    USER_LOGIN_CAPTCHA: flag(),
    ADMIN_TOKEN_TTL: wholeNumber(60, YEAR),
    USER_TOKEN_TTL: wholeNumber(60, YEAR),
    REFRESH_TOKEN_TTL: wholeNumber(60, YEAR),
    AUTH_RATE_LIMIT: wholeNumber(1, 100_000),
    MARKET_TIMEOUT_MS: wholeNumber(1000, 300_000),
    REQUEST_TIMEOUT_MS: wholeNumber(1000, 3_600_000),
    DB_STATEMENT_TIMEOUT_MS: wholeNumber(1000, 3_600_000),
    PORTICO_LIST_TRACE: flag(),
    STORAGE_DIR: folder(),
    WEB_DIST: folder(),
    // Checked in full (a folder holding storage/) only when a takeover is due, so a value left
    // set after the old site is gone does not stop later starts.
    TAKEOVER_FILES: folder().refine((dir) => dir === undefined || !existsSync(dir) || isFolder(dir), {
      error: (issue) => `must be the old site's public folder, not a file (got "${String(issue.input)}")`,
    }),
    PROJECT_DIR: folder()
      .transform((dir) => dir ?? resolve(cwd))
      .refine(isFolder, { error: (issue) => `must be an existing folder (got "${String(issue.input)}")` }),
  });
}

/**
 * Reads the environment through one schema. Every bad value adds one clear message; all of
 * them are reported together so an operator fixes the environment in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = environmentSchema(cwd).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`));
  }
  const vars = parsed.data;
  const base = defaultConfig({ dataDir: vars.DATA_DIR ?? resolve(cwd, 'data') });
  return {
    ...base,
    databaseUrl: vars.DATABASE_URL ?? base.databaseUrl,
    host: vars.HOST ?? base.host,
    port: vars.PORT ?? base.port,
    tablePrefix: vars.TABLE_PREFIX ?? base.tablePrefix,
    appSecret: vars.APP_SECRET ?? '',
    logLevel: vars.LOG_LEVEL ?? base.logLevel,
    trustProxy: vars.TRUST_PROXY ?? false,
    adminLoginCaptcha: vars.ADMIN_LOGIN_CAPTCHA,
    userLoginCaptcha: vars.USER_LOGIN_CAPTCHA,
    adminTokenTtl: vars.ADMIN_TOKEN_TTL ?? base.adminTokenTtl,
    userTokenTtl: vars.USER_TOKEN_TTL ?? base.userTokenTtl,
    refreshTokenTtl: vars.REFRESH_TOKEN_TTL ?? base.refreshTokenTtl,
    authRateLimit: vars.AUTH_RATE_LIMIT ?? base.authRateLimit,
    storageDir: vars.STORAGE_DIR ?? base.storageDir,
    webDist: vars.WEB_DIST ?? resolve(cwd, 'apps/web/dist'),
    projectDir: vars.PROJECT_DIR,
    marketUrl: vars.MARKET_URL ?? '',
    marketTimeoutMs: vars.MARKET_TIMEOUT_MS ?? base.marketTimeoutMs,
    takeoverFiles: vars.TAKEOVER_FILES,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS ?? base.requestTimeoutMs,
    statementTimeoutMs: vars.DB_STATEMENT_TIMEOUT_MS ?? base.statementTimeoutMs,
    listTrace: vars.PORTICO_LIST_TRACE ?? false,
    environment: env,
  };
}

/**
 * The secret that keys token and captcha HMACs. Generated once and kept in the data
 * folder (owner-only) so tokens survive restarts; APP_SECRET in the environment wins.
 */
export function ensureAppSecret(config: AppConfig): AppConfig {
  if (config.appSecret) return config;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = join(config.dataDir, SECRET_FILE);
  const stored = () => ({ ...config, appSecret: readFileSync(file, 'utf8').trim() });
  if (existsSync(file)) return stored();
  const secret = randomBytes(32).toString('hex');
  try {
    // Exclusive: of several processes starting at once on one data folder, one writes the
    // secret and the others read it, so all of them sign and check the same tokens.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return stored();
  }
  chmodSync(file, 0o600);
  return { ...config, appSecret: secret };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function resolvePath(cwd: string, path: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

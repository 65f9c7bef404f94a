/**
 * The environment, parsed and validated once at start. Nothing else reads process.env:
 * tests build an AppConfig directly.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

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
  /** The environment the server was started with; terminal commands get a cleaned copy. */
  environment: Readonly<Record<string, string | undefined>>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SECRET_FILE = 'app-secret';

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
    webDist: resolve('apps/web/dist'),
    projectDir: resolve('.'),
    marketUrl: '',
    marketTimeoutMs: 15_000,
    environment: process.env,
    ...overrides,
  };
}

/**
 * Reads the environment. Every bad value adds one clear message; all of them are
 * reported together so an operator fixes the environment in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const dataDir = env.DATA_DIR ? resolvePath(cwd, env.DATA_DIR) : resolve(cwd, 'data');
  const base = defaultConfig({ dataDir });

  const databaseUrl = env.DATABASE_URL?.trim() || base.databaseUrl;
  if (!/^(sqlite:|mysql:\/\/|mariadb:\/\/|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with sqlite:, mysql://, mariadb://, postgres:// or postgresql://');
  }
  const port = intVar(env, 'PORT', base.port, 1, 65535, problems);
  const tablePrefix = env.TABLE_PREFIX ?? base.tablePrefix;
  if (!/^[a-z][a-z0-9_]{0,19}$/.test(tablePrefix)) {
    problems.push(
      'TABLE_PREFIX must be lower-case letters, digits or _, start with a letter, at most 20 long',
    );
  }
  const logLevel = (env.LOG_LEVEL ?? base.logLevel) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const host = env.HOST?.trim() || base.host;
  if (/\s/.test(host)) problems.push('HOST must be a host name or address');
  const marketUrl = (env.MARKET_URL ?? '').trim().replace(/\/+$/, '');
  if (marketUrl && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(marketUrl))
    problems.push('MARKET_URL must be an http:// or https:// address (the store site origin)');
  const appSecret = env.APP_SECRET ?? '';
  if (appSecret && appSecret.length < 32) problems.push('APP_SECRET must be at least 32 characters long');

  const config: AppConfig = {
    ...base,
    databaseUrl,
    host,
    port,
    tablePrefix,
    appSecret,
    logLevel,
    trustProxy: boolVar(env, 'TRUST_PROXY', false, problems) ?? false,
    adminLoginCaptcha: boolVar(env, 'ADMIN_LOGIN_CAPTCHA', undefined, problems),
    userLoginCaptcha: boolVar(env, 'USER_LOGIN_CAPTCHA', undefined, problems),
    adminTokenTtl: intVar(env, 'ADMIN_TOKEN_TTL', base.adminTokenTtl, 60, 365 * 86400, problems),
    userTokenTtl: intVar(env, 'USER_TOKEN_TTL', base.userTokenTtl, 60, 365 * 86400, problems),
    refreshTokenTtl: intVar(env, 'REFRESH_TOKEN_TTL', base.refreshTokenTtl, 60, 365 * 86400, problems),
    authRateLimit: intVar(env, 'AUTH_RATE_LIMIT', base.authRateLimit, 1, 100000, problems),
    storageDir: env.STORAGE_DIR ? resolvePath(cwd, env.STORAGE_DIR) : base.storageDir,
    webDist: env.WEB_DIST ? resolvePath(cwd, env.WEB_DIST) : resolve(cwd, 'apps/web/dist'),
    projectDir: env.PROJECT_DIR ? resolvePath(cwd, env.PROJECT_DIR) : resolve(cwd),
    marketUrl,
    marketTimeoutMs: intVar(env, 'MARKET_TIMEOUT_MS', base.marketTimeoutMs, 1000, 300_000, problems),
    environment: env,
  };
  if (!isFolder(config.projectDir))
    problems.push(`PROJECT_DIR must be an existing folder (got "${config.projectDir}")`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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

function intVar(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function boolVar<T extends boolean | undefined>(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: T,
  problems: string[],
): boolean | T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  problems.push(`${name} must be 0 or 1 (got "${raw}")`);
  return fallback;
}

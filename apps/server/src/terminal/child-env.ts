/**
 * The environment terminal commands run with: the server's own, cleaned.
 *
 * - `npm_*` and `INIT_CWD` go: when the server was started through an npm script they
 *   describe that run, and npm reads every `npm_config_*` as a setting (an inherited prefix
 *   or registry would override the project's own configuration).
 * - `NODE_ENV` goes: under `production` npm skips the dev dependencies the web build needs.
 * - `PROJECT_DIR` goes: a relative one meant the server's folder; a command's folder is the
 *   project, which is what it defaults to.
 * - Secrets go: the token secret never, the database settings only to the migration
 *   commands, which need them (and get the server's, so they migrate the database it uses).
 * - PATH starts with the managers `install.<pm>` added and the folder of the Node running
 *   the server (npm and its `#!/usr/bin/env node` need one).
 */
import { delimiter, dirname, join } from 'node:path';
import type { AppConfig } from '../config.js';
import { toolsDir } from './commands.js';

const DROPPED = /^(?:npm_.*|INIT_CWD|NODE_ENV|APP_SECRET|DATABASE_URL|TABLE_PREFIX|DATA_DIR|PROJECT_DIR)$/i;

export function commandPath(config: AppConfig): string {
  const inherited = config.environment.PATH ?? '';
  return [join(toolsDir(config.dataDir), 'node_modules', '.bin'), dirname(process.execPath), inherited]
    .filter(Boolean)
    .join(delimiter);
}

export function commandEnv(config: AppConfig, withDatabase: boolean): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.environment)) {
    if (value !== undefined && !DROPPED.test(name)) env[name] = value;
  }
  env.PATH = commandPath(config);
  if (withDatabase) {
    env.DATABASE_URL = config.databaseUrl;
    env.TABLE_PREFIX = config.tablePrefix;
    env.DATA_DIR = config.dataDir;
  }
  return env;
}

/**
 * Command line: `start` (default), `migrate`, `migrate-rollback` (one step down),
 * `reset-admin-password <username>`, `import-area`.
 * The only place that reads the environment (through loadConfig).
 */
import { buildApp } from './app.js';
import { ConfigError, ensureAppSecret, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateDownOne, migrateToLatest } from './db/migrate.js';
import { scheduleSearchIndexUpkeep } from './db/search-index-upkeep.js';
import { withStartupLock } from './db/startup-lock.js';
import { importAreas } from './features/area/area-data.js';
import { BUILT_IN_MODULES } from './features/index.js';
import { migrateEnabledModules } from './module-contract/lifecycle.js';
import { INSTALLED_MODULES } from './modules/installed.js';
import {
  ensureSuperAdmin,
  resetPassword,
  SUPER_ADMIN_USERNAME,
  savePasswordFile,
} from './setup/super-admin.js';

/**
 * The exit code asking `npm start`'s supervisor for a new process (scripts/supervisor.mjs has
 * the same). The supervisor forks the server with an IPC channel: that is how it knows it runs.
 */
const RESTART_EXIT_CODE = 75;
const supervised = typeof process.send === 'function';

async function start(): Promise<void> {
  const config = ensureAppSecret(loadConfig());
  let shutdown = async (_reason: string, _exitCode = 0) => {};
  const restart = supervised ? () => void shutdown('restart', RESTART_EXIT_CODE) : undefined;
  const { app, ctx } = await buildApp(config, { restart });
  const { password, areas } = await withStartupLock(ctx.db, async () => ({
    password: await ensureSuperAdmin(ctx.db),
    areas: await importAreas(ctx.db),
  }));
  if (password) announcePassword(config.dataDir, SUPER_ADMIN_USERNAME, password, 'created');
  if (areas) app.log.info({ areas }, 'area data loaded');
  const upkeep = scheduleSearchIndexUpkeep(ctx.db, (error) =>
    app.log.warn({ err: error }, 'merging the search indexes failed'),
  );
  let closing = false;
  shutdown = async (reason, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    upkeep.stop();
    // close() stops accepting connections, lets in-flight requests finish, then closes the database.
    await app.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The supervisor is gone (killed): nobody would stop or restart this process any more.
  if (supervised) process.on('disconnect', () => void shutdown('supervisor gone'));
  await app.listen({ host: config.host, port: config.port });
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, config.tablePrefix);
  try {
    const result = await migrateToLatest(db);
    const modules = await migrateEnabledModules(db, [...BUILT_IN_MODULES, ...INSTALLED_MODULES]);
    const applied = [...(result.results?.map((r) => r.migrationName) ?? []), ...modules];
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
  }
}

async function migrateRollback(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, config.tablePrefix);
  try {
    const undone = await migrateDownOne(db);
    console.log(undone ? `Rolled back: ${undone}` : 'No migration is applied.');
  } finally {
    await db.close();
  }
}

async function importAreaData(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, config.tablePrefix);
  try {
    await migrateToLatest(db);
    console.log(`Loaded ${await importAreas(db, true)} provinces, cities and districts.`);
  } finally {
    await db.close();
  }
}

async function resetAdminPassword(username: string | undefined): Promise<void> {
  if (!username) throw new UsageError('Usage: npm run reset-admin-password -- <username>');
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, config.tablePrefix);
  try {
    await migrateToLatest(db);
    const password = await resetPassword(db, username);
    if (!password) throw new UsageError(`No administrator is named "${username}".`);
    announcePassword(config.dataDir, username, password, 'reset');
  } finally {
    await db.close();
  }
}

function announcePassword(dataDir: string, username: string, password: string, what: string): void {
  const file = savePasswordFile(dataDir, username, password);
  const line = '='.repeat(64);
  console.log(`\n${line}\n  Administrator ${what}: ${username}\n  Password: ${password}\n`);
  console.log(`  This is shown once. It is also saved, readable only by you, in\n  ${file}\n${line}\n`);
}

class UsageError extends Error {}

const [command = 'start', ...args] = process.argv.slice(2);
const commands: Record<string, () => Promise<void>> = {
  start,
  migrate,
  'migrate-rollback': migrateRollback,
  'reset-admin-password': () => resetAdminPassword(args[0]),
  'import-area': importAreaData,
};

const run = commands[command];
if (!run) {
  console.error(`Unknown command "${command}". Commands: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
run().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof UsageError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});

/**
 * Command line: `start` (default), `migrate`, `migrate-rollback` (one step down),
 * `takeover [--files <old public folder>]` (a BuildAdmin v2 database, in place, and its uploads), `reset-admin-password <username>`, `import-area`.
 * The only place that reads the environment (through loadConfig).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, oldFilesOf } from './app.js';
import { BUILT_IN_AREAS } from './areas/index.js';
import { type AppConfig, ConfigError, ensureAppSecret, loadConfig } from './config.js';
import { type Db, openDatabase } from './db/connection.js';
import { migrateDownOne } from './db/migrate.js';
import { scheduleSearchIndexUpkeep } from './db/search-index-upkeep.js';
import { scheduleSegmentMerges } from './db/segment-merge.js';
import { withStartupLock } from './db/startup-lock.js';
import { checkOldFiles, copyOldFiles, describeFilesReport, type OldFiles } from './db/takeover/files.js';
import {
  prepareDatabase,
  type TakeoverOutcome,
  TakeoverRefused,
  takeOverIfOriginal,
} from './db/takeover/takeover.js';
import { importAreas } from './features/area/area-data.js';
import { removeTwoFactor } from './features/two-factor/index.js';
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
/** Sent to the supervisor once listening (scripts/supervisor.mjs waits for the same). */
const SERVER_READY_MESSAGE = 'portico:ready';

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
  const merges = scheduleSegmentMerges(ctx.db, (error) =>
    app.log.warn({ err: error }, 'merging the search segments failed'),
  );
  let closing = false;
  shutdown = async (reason, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    upkeep.stop();
    merges.stop();
    // close() stops accepting connections, lets in-flight requests finish, then closes the database.
    await app.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The supervisor is gone (killed): nobody would stop or restart this process any more.
  if (supervised) process.on('disconnect', () => void shutdown('supervisor gone'));
  await app.listen({ host: config.host, port: config.port });
  // Tells the supervisor this server came up: one that dies later crashed and is started again,
  // one that dies before this failed at start and is not.
  if (supervised) process.send?.(SERVER_READY_MESSAGE);
}

/**
 * What every command that migrates does first: a takeover where one is due, with the old site's
 * files when TAKEOVER_FILES is set (their report printed), then the core's migrations.
 */
async function prepare(db: Db, config: AppConfig): Promise<string[]> {
  const { applied, files } = await prepareDatabase(db, { files: oldFilesOf(config) });
  if (files) console.log(describeFilesReport(files).join('\n'));
  return applied;
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, config.tablePrefix);
  try {
    // Like a start, this takes a BuildAdmin v2 database over first (db/takeover/).
    const core = await prepare(db, config);
    const modules = await migrateEnabledModules(db, [...BUILT_IN_AREAS, ...INSTALLED_MODULES]);
    const applied = [...core, ...modules];
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
  }
}

/**
 * `npm run takeover [-- --files <old public folder>]`: what the first start does to a BuildAdmin
 * v2 database, without starting. On a Portico database it only migrates; an empty one is left
 * for `npm start` to install. With `--files`, the old site's uploads are copied and checked
 * afterwards, on a database taken over now or before (a second run copies what is still missing).
 */
async function takeover(args: string[]): Promise<void> {
  const config = loadConfig();
  const folder = filesArgument(args);
  const files = folder ? { from: folder, storageDir: config.storageDir } : oldFilesOf(config);
  const db = await openDatabase(config.databaseUrl, config.tablePrefix);
  let outcome: TakeoverOutcome;
  try {
    if (db.dialect !== 'mysql')
      throw new UsageError(
        'Only a MySQL/MariaDB database can be taken over: BuildAdmin runs on nothing else.',
      );
    // An explicit folder is checked before anything else; TAKEOVER_FILES only when a takeover is due.
    if (folder && files) await checkOldFiles(files);
    outcome = await takeOverIfOriginal(db, {
      beforeTakeover: files ? () => checkOldFiles(files) : undefined,
    });
    if (outcome === 'empty') {
      console.log(
        'The database is empty: there is nothing to take over. `npm start` installs Portico in it.',
      );
      return;
    }
    if (outcome === 'taken-over') console.log('Took over the BuildAdmin v2 database; every row is kept.');
    else console.log("The database is Portico's already: nothing to take over.");
  } finally {
    await db.close();
  }
  await migrate();
  if (files && (folder || outcome === 'taken-over')) await copyFiles(config, files);
}

/** `--files <folder>` (or `--files=<folder>`), resolved against the working folder. */
function filesArgument(args: string[]): string | undefined {
  try {
    const { values } = parseArgs({ args, options: { files: { type: 'string' } }, strict: true });
    if (values.files === undefined) return undefined;
    if (!values.files.trim()) throw new UsageError('--files needs a folder.');
    return resolve(values.files);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `${(error as Error).message}\nUsage: npm run takeover [-- --files <the old site's public folder>]`,
    );
  }
}

async function copyFiles(config: AppConfig, files: OldFiles): Promise<void> {
  const db = await openDatabase(config.databaseUrl, config.tablePrefix);
  try {
    console.log(describeFilesReport(await copyOldFiles(db, files)).join('\n'));
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
    await prepare(db, config);
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
    await prepare(db, config);
    const reset = await resetPassword(db, username);
    if (!reset) throw new UsageError(`No administrator is named "${username}".`);
    // The way back in after a lost phone and lost recovery codes: the second factor goes too.
    if (await removeTwoFactor(db, reset.adminId))
      console.log(`\n  ${username}'s two-factor sign-in was removed.`);
    announcePassword(config.dataDir, username, reset.password, 'reset');
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
  takeover: () => takeover(args),
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
  if (error instanceof ConfigError || error instanceof UsageError || error instanceof TakeoverRefused)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});

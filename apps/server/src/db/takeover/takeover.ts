/**
 * Taking over a database of the original product (BuildAdmin v2, MySQL/MariaDB only: the
 * original runs nowhere else) in place, keeping every row. The original's schema and install
 * data are what Portico's first two migrations were modelled on, so the takeover brings the
 * database to what those two would have made (schema-steps.ts, data-steps.ts), records them as
 * applied, and leaves the later migrations to the ordinary migrator.
 *
 * The work runs as Portico's '0001-schema' under a migrator of its own: Kysely's migration
 * lock keeps two starting processes from doing it together, and the record is written only
 * once the work is done, so an interrupted takeover is found again and finished next time.
 */
import { type Migration, Migrator } from 'kysely';
import { now } from '../../clock.js';
import type { Db } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { bringDataToPortico } from './data-steps.js';
import { detectDatabase } from './detect.js';
import { checkOldFiles, copyOldFiles, type FilesReport, type OldFiles } from './files.js';
import { bringSchemaToPortico } from './schema-steps.js';
import { TakeoverRefused } from './takeover-refused.js';

export { TakeoverRefused };

export type TakeoverOutcome = 'taken-over' | 'portico' | 'empty' | 'not-mysql';

/**
 * Takes the database over when it is the original's; refuses one that is neither empty,
 * Portico's, nor recognisably the original's. Portico's own migrations are not run here.
 */
export async function takeOverIfOriginal(
  db: Db,
  options: { beforeTakeover?: () => Promise<void> } = {},
): Promise<TakeoverOutcome> {
  if (db.dialect !== 'mysql') return 'not-mysql';
  const found = await detectDatabase(db);
  if (found.kind === 'unknown') {
    throw new TakeoverRefused(
      `Portico will not use this database: ${found.reason}\n` +
        `Point DATABASE_URL at an empty database, a Portico database, or a BuildAdmin v2 database ` +
        `(with TABLE_PREFIX set to its table prefix; it is now "${db.prefix}"). Nothing was changed.`,
    );
  }
  if (found.kind !== 'original') return found.kind;
  // What the takeover depends on (the old site's files) is checked while nothing has changed.
  await options.beforeTakeover?.();
  const time = now();
  const steps: Record<string, Migration> = {
    '0001-schema': {
      async up(trx) {
        await bringSchemaToPortico(db, trx);
        await bringDataToPortico(trx, time);
      },
    },
    // The install data is in place already (see data-steps.ts, run with the schema above).
    '0002-install-data': { async up() {} },
  };
  const result = await new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => steps },
    migrationTableName: `${db.prefix}migration`,
    migrationLockTableName: `${db.prefix}migration_lock`,
  }).migrateToLatest();
  if (result.error) throw result.error;
  // Another process starting at the same time may have done it while this one waited for the lock.
  return result.results?.length ? 'taken-over' : 'portico';
}

export interface Prepared {
  outcome: TakeoverOutcome;
  applied: string[];
  /** What became of the old site's files, when a takeover happened with TAKEOVER_FILES set. */
  files?: FilesReport;
}

/**
 * What the server does at start on MySQL: a takeover where one is due, then Portico's
 * migrations. `files` (TAKEOVER_FILES) is copied only by the process that takes the database
 * over: once the database is Portico's, a start leaves it alone (`npm run takeover -- --files`
 * copies what is still missing).
 */
export async function prepareDatabase(db: Db, options: { files?: OldFiles } = {}): Promise<Prepared> {
  const { files } = options;
  const outcome = await takeOverIfOriginal(db, {
    beforeTakeover: files ? () => checkOldFiles(files) : undefined,
  });
  const result = await migrateToLatest(db);
  const applied = result.results?.map((r) => r.migrationName) ?? [];
  if (outcome !== 'taken-over' || !files) return { outcome, applied };
  return { outcome, applied, files: await copyOldFiles(db, files) };
}

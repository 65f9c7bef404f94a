/**
 * Keeps the SQLite quick-search indexes (FTS5, migrations/0003-search-index.ts) merged.
 * Every write adds a small segment to an index and FTS5 merges them only in batches, so a
 * table that grows row by row, or by an import, is searched across many segments. A merged
 * index answers a phrase search about a third faster (measured: 70 → 46 µs for `user12`
 * over 10,000 administrators after 300 single inserts).
 *
 * FTS5's incremental `merge` command does the work in steps of a bounded number of pages
 * (a millisecond or two each); the event loop gets a turn between steps, so requests keep
 * being answered while a large index is merged.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from './connection.js';
import { SEARCH_INDEX_TABLES } from './migrations/0003-search-index.js';
import type { Database } from './schema.js';

/** Pages written per merge step: about 2 ms of work. */
const PAGES_PER_STEP = 64;
/** How often the indexes are merged again while the server runs. */
const UPKEEP_INTERVAL_MS = 10 * 60_000;
/** The first merge waits until the server is up and has answered its first requests. */
const FIRST_RUN_DELAY_MS = 1000;

/**
 * Merges every search index into one segment. Returns how many steps did some work (0 when
 * the indexes were already merged, or the database is not SQLite).
 */
export async function mergeSearchIndexes(db: Db, shouldStop: () => boolean = () => false): Promise<number> {
  if (db.dialect !== 'sqlite') return 0;
  let steps = 0;
  for (const name of SEARCH_INDEX_TABLES) {
    // The command is an insert into the index's own hidden column, named like the table.
    const table = sql.id(`${db.prefix}${name}`);
    while (!shouldStop()) {
      // One transaction, so no other query's changes are counted with the step's own.
      const changed = await db.kysely.transaction().execute(async (trx) => {
        const before = await totalChanges(trx);
        // A negative page count merges even when FTS5 would not yet by its own rule, so the
        // steps end with a single segment.
        await sql`insert into ${table}(${table}, rank) values ('merge', ${-PAGES_PER_STEP})`.execute(trx);
        return (await totalChanges(trx)) - before;
      });
      // SQLite's documented test: fewer than two changes means the step found nothing to merge.
      if (changed < 2) break;
      steps++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return steps;
}

async function totalChanges(trx: Transaction<Database>): Promise<number> {
  const result = await sql<{ changes: number }>`select total_changes() as changes`.execute(trx);
  return Number(result.rows[0]?.changes ?? 0);
}

export interface Upkeep {
  stop(): void;
}

/** Merges the indexes shortly after start and then every ten minutes, until stopped. */
export function scheduleSearchIndexUpkeep(db: Db, onError: (error: unknown) => void): Upkeep {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await mergeSearchIndexes(db, () => stopped);
    } catch (error) {
      if (!stopped) onError(error);
    }
    if (!stopped) timer = setTimeout(run, UPKEEP_INTERVAL_MS).unref();
  };
  if (db.dialect === 'sqlite') timer = setTimeout(run, FIRST_RUN_DELAY_MS).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

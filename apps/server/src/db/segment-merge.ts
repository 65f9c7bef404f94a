/**
 * MySQL/MariaDB: merging a segmented trigram index's pending rows into segments
 * (db/trigram-segments.ts), as PostgreSQL merges its GIN pending list.
 *
 * - A batch (up to BATCH pending rows) is merged in one transaction: its rows' current values
 *   joined and lower-cased in SQL as the side tables' triggers join them (search-index-sql.ts,
 *   `joined`), cut into trigrams here, one segment row written per trigram, the batch's pending
 *   rows deleted. A reader sees the ids pending or merged, never neither. (Cut in SQL, a
 *   million members' 57 million trigrams cost the driver 2-3 µs a row to read: the seed with
 *   its merge took 213 s; with one value a member read and cut here, 96 s.)
 * - One process merges a table at a time: a named lock, taken without waiting; another
 *   process finding it taken leaves the work to the holder.
 * - Merges of a few rows leave a trigram with many small segments, each one more row a search
 *   reads: compaction rewrites a trigram's small segments as one once there are more than
 *   MOST_SMALL.
 * - While the server runs, a one-second timer merges once MERGE_AT rows wait or any has waited
 *   MERGE_AFTER_MS, and an import merges its rows as it commits (crud/import/import-action.ts),
 *   so a search checks few pending rows (each by LIKE) and a merge is rarely of one row (a merge
 *   of one member costs 20-30 times its old trigger, of a thousand less than it:
 *   docs/bench-scale.md, "Segments").
 */
import { sql } from 'kysely';
import type { Db } from './connection.js';
import type { AnyDb } from './migrations/columns.js';
import { joined } from './search-index-sql.js';
import { trigramIndexOf } from './search-registry.js';
import {
  decodeIds,
  encodeIds,
  SEGMENTED_TABLES,
  type SegmentNames,
  segmentNames,
} from './trigram-segments.js';

const TRIGRAM = 3;

/** Pending rows merged in one transaction. */
export const BATCH = 20_000;
/** Rows whose values are read in one statement. */
const READ_CHUNK = 5_000;
/** Segment rows written by one INSERT. */
const WRITE_CHUNK = 500;
/** Ranges of merged pending rows deleted by one DELETE. */
const RUNS_A_DELETE = 1_000;
/** A segment with fewer ids is small. */
const SMALL = 4_096;
/** Small segments a trigram keeps before compaction rewrites them as one. */
const MOST_SMALL = 8;
const MERGE_AT = 1_000;
const MERGE_AFTER_MS = 5_000;
const TICK_MS = 1_000;
const RETRY_MS = 30_000;

/** A segmented index: its tables and the columns it joins. */
export interface SegmentIndex {
  names: SegmentNames;
  columns: readonly string[];
}

export interface MergeOptions {
  batch?: number;
  shouldStop?: () => boolean;
  /** Tests: runs inside each batch's transaction, its work done, before it commits. */
  beforeCommit?: () => Promise<void>;
}

/**
 * Merges the table's pending rows until none are left (or `shouldStop`); returns how many were
 * merged, 0 when another process holds the table's merge or the table has no segments (another
 * database, another table, or the triggers were refused).
 */
export async function mergeSegments(db: Db, table: string, options: MergeOptions = {}): Promise<number> {
  if (db.dialect !== 'mysql' || (await pendingCount(db, table)) === null) return 0;
  const index = { names: segmentNames(db.prefix, table), columns: trigramIndexOf(table)?.columns ?? [] };
  // The lock is its connection's: taken, used and released on the one connection.
  return db.kysely.connection().execute(async (connection) => {
    const name = mergeLock(index.names.table);
    const { rows } = await sql<{ got: number | null }>`select get_lock(${name}, 0) as got`.execute(
      connection,
    );
    if (Number(rows[0]?.got) !== 1) return 0;
    try {
      return await mergePending(connection, index, options);
    } finally {
      await sql`select release_lock(${name})`.execute(connection);
    }
  });
}

/** The named lock of a table's merge (the prefixed table's name): one a database and table. */
export const mergeLock = (table: string) =>
  sql<string>`left(concat('portico-segments:', database(), '.', ${table}), 64)`;

/** The merge itself, for a caller that is alone already (migration 0037) or holds the lock. */
export async function mergePending(
  db: AnyDb,
  index: SegmentIndex,
  { batch = BATCH, shouldStop = () => false, beforeCommit }: MergeOptions = {},
): Promise<number> {
  let merged = 0;
  while (!shouldStop()) {
    const last = await batchEnd(db, index.names.pending, batch);
    if (last === null) break;
    // Read committed: under repeatable read the delete of the batch's pending rows locks the
    // gap past them, and every member written meanwhile waits on its trigger's insert of a
    // pending row until the merge commits (a second or more for a batch of 20,000).
    const { rows, trigrams } = await db
      .transaction()
      .setIsolationLevel('read committed')
      .execute((trx) => mergeBatch(trx, index, last, beforeCommit));
    merged += rows;
    await compact(db, index, trigrams);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return merged;
}

/** The `seq` of the batch's last pending row: the batch-th, or the last there is. */
async function batchEnd(db: AnyDb, pending: string, batch: number): Promise<string | null> {
  const table = sql.id(pending);
  const { rows } = await sql<{ seq: string | number }>`select seq from ${table} order by seq
    limit 1 offset ${sql.lit(batch - 1)}`.execute(db);
  if (rows[0]) return String(rows[0].seq);
  const { rows: all } = await sql<{
    seq: string | number | null;
  }>`select max(seq) as seq from ${table}`.execute(db);
  return all[0]?.seq === null || all[0]?.seq === undefined ? null : String(all[0].seq);
}

async function mergeBatch(
  trx: AnyDb,
  index: SegmentIndex,
  last: string,
  beforeCommit: MergeOptions['beforeCommit'],
): Promise<{ rows: number; trigrams: string[] }> {
  const { names } = index;
  const { rows: pendingRows } = await sql<{ seq: number | string; id: number | string }>`select seq, id
    from ${sql.id(names.pending)} where seq <= ${last} order by seq`.execute(trx);
  const ids = [...new Set(pendingRows.map((row) => Number(row.id)))];
  const postings = new Map<string, number[]>();
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    for (const { id, val } of await valuesOf(trx, index, ids.slice(i, i + READ_CHUNK))) {
      for (const trigram of trigramsOf(val)) {
        const held = postings.get(trigram);
        if (held) held.push(Number(id));
        else postings.set(trigram, [Number(id)]);
      }
    }
  }
  const segments = [...postings].map(([trigram, held]) => segmentRow(trigram, sortedDistinct(held), last));
  for (let i = 0; i < segments.length; i += WRITE_CHUNK)
    await insertSegments(trx, names, segments.slice(i, i + WRITE_CHUNK));
  await deleteMerged(trx, names.pending, pendingRows);
  await beforeCommit?.();
  return { rows: ids.length, trigrams: [...postings.keys()] };
}

/**
 * Deletes the pending rows the batch read, and no other. A write whose transaction took its
 * `seq` below `last` but commits after a later one was not read; `where seq <= last` would wait
 * for its commit, then delete its row unmerged, and the member would be missing from every
 * search until written again. The rows go as runs of consecutive seqs, a range each: nearly
 * always one run.
 */
async function deleteMerged(trx: AnyDb, pending: string, rows: { seq: number | string }[]): Promise<void> {
  const runs: [bigint, bigint][] = [];
  for (const row of rows) {
    const seq = BigInt(row.seq);
    const run = runs[runs.length - 1];
    if (run && seq === run[1] + 1n) run[1] = seq;
    else runs.push([seq, seq]);
  }
  for (let i = 0; i < runs.length; i += RUNS_A_DELETE) {
    const ranges = runs
      .slice(i, i + RUNS_A_DELETE)
      .map(([from, to]) => sql`seq between ${sql.lit(from)} and ${sql.lit(to)}`);
    await sql`delete from ${sql.id(pending)} where ${sql.join(ranges, sql` or `)}`.execute(trx);
  }
}

/** The current joined values of these rows (a deleted row has none). */
async function valuesOf(trx: AnyDb, { names, columns }: SegmentIndex, ids: number[]) {
  const { rows } = await sql<{ id: number | string; val: string | null }>`select t.id as id,
    ${sql.raw(joined(columns, 't'))} as val from ${sql.id(names.table)} t
    where t.id in (${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))})`.execute(trx);
  return rows;
}

/**
 * The value's trigrams as MariaDB's `substring(val, i, 3)` cuts them: by characters (code
 * points), which a string without surrogate pairs indexes directly.
 */
export function trigramsOf(val: string | null): string[] {
  if (!val) return [];
  const chars = /[\uD800-\uDFFF]/.test(val) ? Array.from(val) : null;
  const length = chars ? chars.length : val.length;
  const trigrams: string[] = [];
  for (let i = 0; i + TRIGRAM <= length; i++)
    trigrams.push(chars ? `${chars[i]}${chars[i + 1]}${chars[i + 2]}` : val.substring(i, i + TRIGRAM));
  return trigrams;
}

interface SegmentRow {
  trigram: string;
  lastId: number;
  batch: string;
  firstId: number;
  ids: Uint32Array;
}

function segmentRow(trigram: string, ids: Uint32Array, batch: string): SegmentRow {
  return { trigram, lastId: ids[ids.length - 1] as number, batch, firstId: ids[0] as number, ids };
}

async function insertSegments(trx: AnyDb, names: SegmentNames, rows: SegmentRow[]): Promise<void> {
  const values = rows.map(
    (row) =>
      sql`(${row.trigram}, ${row.lastId}, ${row.batch}, ${row.firstId}, ${row.ids.length}, ${encodeIds(row.ids)})`,
  );
  await sql`insert into ${sql.id(names.segments)} (trigram, last_id, batch, first_id, n, ids)
    values ${sql.join(values)}`.execute(trx);
}

/** The ids ascending, each once. */
function sortedDistinct(ids: ArrayLike<number>): Uint32Array {
  const sorted = Uint32Array.from(ids).sort();
  let kept = 0;
  for (let i = 0; i < sorted.length; i++)
    if (kept === 0 || sorted[i] !== sorted[kept - 1]) sorted[kept++] = sorted[i] as number;
  return sorted.slice(0, kept);
}

/** Rewrites the small segments of each touched trigram that has too many as one. */
async function compact(db: AnyDb, { names }: SegmentIndex, trigrams: string[]): Promise<void> {
  const table = sql.id(names.segments);
  for (let i = 0; i < trigrams.length; i += 1_000) {
    const { rows } = await sql<{ trigram: string }>`select trigram from ${table}
      where trigram in (${sql.join(trigrams.slice(i, i + 1_000))}) and n < ${SMALL}
      group by trigram having count(*) > ${MOST_SMALL}`.execute(db);
    for (const { trigram } of rows) {
      await db.transaction().execute(async (trx) => {
        const { rows: small } = await sql<{ batch: string | number; ids: Uint8Array }>`select batch, ids
          from ${table} where trigram = ${trigram} and n < ${SMALL} for update`.execute(trx);
        const ids: number[] = [];
        for (const segment of small) ids.push(...decodeIds(segment.ids));
        const batch = small.reduce(
          (most, segment) => (BigInt(segment.batch) > BigInt(most) ? String(segment.batch) : most),
          '0',
        );
        await sql`delete from ${table} where trigram = ${trigram} and n < ${SMALL}`.execute(trx);
        if (ids.length > 0)
          await insertSegments(trx, names, [segmentRow(trigram, sortedDistinct(ids), batch)]);
      });
    }
  }
}

export interface MergeSchedule {
  stop(): void;
}

/**
 * While the server runs: every TICK_MS, each segmented table's pending rows are merged once
 * MERGE_AT wait or any has waited MERGE_AFTER_MS. MySQL only.
 */
export function scheduleSegmentMerges(db: Db, onError: (error: unknown) => void): MergeSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** Since when each table's pending list has not been empty. */
  const waitingSince = new Map<string, number>();
  const tick = async () => {
    let failed = false;
    for (const table of SEGMENTED_TABLES) {
      try {
        const waiting = await pendingCount(db, table);
        if (waiting === null || waiting === 0) {
          waitingSince.delete(table);
          continue;
        }
        const since = waitingSince.get(table) ?? Date.now();
        waitingSince.set(table, since);
        if (waiting >= MERGE_AT || Date.now() - since >= MERGE_AFTER_MS) {
          await mergeSegments(db, table, { shouldStop: () => stopped });
          waitingSince.delete(table);
        }
      } catch (error) {
        failed = true;
        if (!stopped) onError(error);
      }
    }
    // A database gone away is reported once a RETRY_MS, not every second.
    if (!stopped) timer = setTimeout(tick, failed ? RETRY_MS : TICK_MS).unref();
  };
  if (db.dialect === 'mysql') timer = setTimeout(tick, TICK_MS).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Pending rows, counted no further than MERGE_AT; null when the table has no segments. */
async function pendingCount(db: Db, table: string): Promise<number | null> {
  if (!SEGMENTED_TABLES.includes(table)) return null;
  const { pending } = segmentNames(db.prefix, table);
  const { rows: exists } = await sql<{ n: number }>`select count(*) as n from information_schema.tables
    where table_schema = database() and table_name = ${pending}`.execute(db.kysely);
  if (Number(exists[0]?.n) === 0) return null;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from
    (select 1 from ${sql.id(pending)} limit ${sql.lit(MERGE_AT)}) waiting`.execute(db.kysely);
  return Number(rows[0]?.n ?? 0);
}

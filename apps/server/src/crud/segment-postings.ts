/**
 * MySQL/MariaDB: reading a segmented trigram index (db/trigram-segments.ts) for a `%text%`
 * search: how many postings each of the text's trigrams has (summed from its segments'
 * lengths, no ids read), and the ids that hold every chosen trigram, intersected here from
 * the packed segments. MariaDB cannot read packed ids in order: expanded in SQL, every
 * candidate is sorted before a page is taken (570-620 ms for a 100,000-row cluster).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { decodeIds, segmentNames } from '../db/trigram-segments.js';
import { TRIGRAM } from './trigram-postings.js';

/** Postings of the trigram starting at `start` (1-based) in the text. */
export interface TrigramCount {
  start: number;
  n: number;
}

/** The piece of the text at `start`, lower-cased and compared as the segments' key is. */
const pieceAt = (text: string, start: number) =>
  sql`convert(substring(lower(${text}), ${sql.lit(start)}, ${sql.lit(TRIGRAM)}) using utf8mb4) collate utf8mb4_bin`;

/** Each start's postings, rarest first: the segments' `n` only (their blobs are not read). */
export async function trigramCounts(
  db: Db,
  table: string,
  text: string,
  starts: number[],
): Promise<TrigramCount[]> {
  const { segments } = segmentNames('', table);
  const side = sql.table(segments);
  const counts = starts.map(
    (start) =>
      sql`select ${sql.lit(start)} as start, (select coalesce(sum(n), 0) from ${side} where trigram = ${pieceAt(text, start)}) as n`,
  );
  const { rows } = await sql<{
    start: number | string;
    n: number | string;
  }>`${sql.join(counts, sql` union all `)}`.execute(db.kysely);
  return rows.map((row) => ({ start: Number(row.start), n: Number(row.n) })).sort((a, b) => a.n - b.n);
}

/**
 * The ids waiting to be merged, at most `limit` + 1 (more says: too many to check). Read before
 * the segments: a merge that commits between the two reads moves ids from here to there.
 */
export async function pendingIds(db: Db, table: string, limit: number): Promise<number[]> {
  const { pending } = segmentNames('', table);
  const { rows } = await sql<{ id: number | string }>`select distinct id from ${sql.table(pending)}
    limit ${sql.lit(limit + 1)}`.execute(db.kysely);
  return rows.map((row) => Number(row.id));
}

/** Every id the trigram at `start` is posted for, ascending and distinct. */
export async function postingsOf(db: Db, table: string, text: string, start: number): Promise<Uint32Array> {
  const { segments } = segmentNames('', table);
  const { rows } = await sql<{ first_id: number | string; ids: Uint8Array }>`select first_id, ids
    from ${sql.table(segments)} where trigram = ${pieceAt(text, start)}`.execute(db.kysely);
  const parts = rows
    .map((row) => ({ first: Number(row.first_id), ids: decodeIds(row.ids) }))
    .sort((a, b) => a.first - b.first);
  const all = new Uint32Array(parts.reduce((sum, part) => sum + part.ids.length, 0));
  let at = 0;
  let sorted = true;
  for (const part of parts) {
    // Batches merged in id order lie end to end; an update's batch may reach back among older ones.
    if (at > 0 && part.ids.length > 0 && (part.ids[0] as number) <= (all[at - 1] as number)) sorted = false;
    all.set(part.ids, at);
    at += part.ids.length;
  }
  if (!sorted) all.sort();
  return distinct(all);
}

/** A sorted array without its repeats. */
function distinct(sorted: Uint32Array): Uint32Array {
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (kept === 0 || sorted[i] !== sorted[kept - 1]) sorted[kept++] = sorted[i] as number;
  }
  return sorted.subarray(0, kept);
}

/** The ids in both sorted arrays. */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const both = new Uint32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      both[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return both.subarray(0, n);
}

/** The sorted ids with the pending ones among them. */
export function withPending(ids: Uint32Array, pending: readonly number[]): Uint32Array {
  if (pending.length === 0) return ids;
  const all = new Uint32Array(ids.length + pending.length);
  all.set(ids);
  all.set(pending, ids.length);
  return distinct(all.sort());
}

/** A segment as its key and length describe it, its ids not read. */
export interface SegmentMeta {
  /** The start (1-based) of the text's trigram it posts. */
  start: number;
  firstId: number;
  lastId: number;
  batch: string;
}

/** The segments of the trigrams at these starts, without their ids. */
export async function segmentMetas(
  db: Db,
  table: string,
  text: string,
  starts: number[],
): Promise<SegmentMeta[]> {
  const { segments } = segmentNames('', table);
  const reads = starts.map(
    (start) => sql`select ${sql.lit(start)} as start, first_id, last_id, batch from ${sql.table(segments)}
      where trigram = ${pieceAt(text, start)}`,
  );
  const { rows } = await sql<{
    start: number | string;
    first_id: number | string;
    last_id: number | string;
    batch: number | string;
  }>`${sql.join(reads, sql` union all `)}`.execute(db.kysely);
  return rows.map((row) => ({
    start: Number(row.start),
    firstId: Number(row.first_id),
    lastId: Number(row.last_id),
    batch: String(row.batch),
  }));
}

/** The ids of these segments, each read by its key. */
export async function segmentIds(
  db: Db,
  table: string,
  text: string,
  metas: SegmentMeta[],
): Promise<Map<SegmentMeta, Uint32Array>> {
  const read = new Map<SegmentMeta, Uint32Array>();
  if (metas.length === 0) return read;
  const { segments } = segmentNames('', table);
  const keys = metas.map(
    (meta, i) =>
      sql`select ${sql.lit(i)} as i, ids from ${sql.table(segments)} where trigram = ${pieceAt(text, meta.start)}
        and last_id = ${meta.lastId} and batch = ${meta.batch}`,
  );
  const { rows } = await sql<{
    i: number | string;
    ids: Uint8Array;
  }>`${sql.join(keys, sql` union all `)}`.execute(db.kysely);
  for (const row of rows) read.set(metas[Number(row.i)] as SegmentMeta, decodeIds(row.ids));
  return read;
}

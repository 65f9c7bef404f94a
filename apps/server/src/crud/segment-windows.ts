/**
 * MySQL/MariaDB: a segmented index's candidates in id order, read a stretch of ids at a time
 * from the order's end (crud/segment-search.ts, the `checked` path). The rarest trigram's
 * segments mark the stretches, the one nearest the end first. In each stretch the segments of
 * the chosen trigrams that overlap it are read (once: a segment reaching into the next
 * stretch, as an update's batch spanning old ids does, is kept for it), their ids in the
 * stretch intersected, and the pending ids in it added. A page whose matches lie in the last stretches stops there: a phrase
 * clustered in one old stretch of 100,000 members reads one segment of each trigram, not
 * all five of the cluster's (each 80 KB, mostly outside InnoDB's pool).
 */
import type { Db } from '../db/connection.js';
import { intersect, type SegmentMeta, segmentIds, segmentMetas, withPending } from './segment-postings.js';

export interface StretchQuestion {
  table: string;
  text: string;
  /** The rarest trigram's start first, then the others intersected with it. */
  starts: number[];
  direction: 'asc' | 'desc';
  pending: readonly number[];
}

/** Stretches of candidates, each sorted ascending, nearest the order's end first. */
export async function* candidateStretches(db: Db, question: StretchQuestion): AsyncGenerator<Uint32Array> {
  const { table, text, starts, direction, pending } = question;
  const metas = await segmentMetas(db, table, text, starts);
  const [rarestStart] = starts;
  const rarest = metas.filter((meta) => meta.start === rarestStart);
  const decoded = new Map<SegmentMeta, Uint32Array>();
  const desc = direction === 'desc';
  // Each stretch ends at the far side (from the order's end) of one of the rarest trigram's
  // segments, the nearest first; a segment reaching past it is read with it and kept for the next.
  const edges = [...new Set(rarest.map((meta) => (desc ? meta.firstId : meta.lastId)))].sort((a, b) =>
    desc ? b - a : a - b,
  );
  // The bound already read: ids past it (towards the order's end) are done.
  let done = desc ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  for (const edge of edges) {
    const [lo, hi] = desc ? [edge, done] : [done, edge];
    yield await stretch(db, question, metas, decoded, lo, hi);
    done = edge;
  }
  // Past the rarest trigram's segments only pending ids can match.
  const [lo, hi] = desc ? [Number.NEGATIVE_INFINITY, done] : [done, Number.POSITIVE_INFINITY];
  yield withPending(
    new Uint32Array(),
    pending.filter((id) => within(id, lo, hi, desc)),
  );
}

/** Ids from `lo` to `hi`: the stretch's bound on the side already read is open. */
const within = (id: number, lo: number, hi: number, desc: boolean) =>
  desc ? id >= lo && id < hi : id > lo && id <= hi;

async function stretch(
  db: Db,
  { table, text, starts, direction, pending }: StretchQuestion,
  metas: SegmentMeta[],
  decoded: Map<SegmentMeta, Uint32Array>,
  lo: number,
  hi: number,
): Promise<Uint32Array> {
  const desc = direction === 'desc';
  const overlapping = metas.filter((meta) => meta.lastId >= lo && meta.firstId <= hi && !decoded.has(meta));
  for (const [meta, ids] of await segmentIds(db, table, text, overlapping)) decoded.set(meta, ids);
  let candidates: Uint32Array | null = null;
  for (const start of starts) {
    const ids: number[] = [];
    for (const meta of metas) {
      if (meta.start !== start || meta.lastId < lo || meta.firstId > hi) continue;
      for (const id of decoded.get(meta) ?? []) if (within(id, lo, hi, desc)) ids.push(id);
    }
    const postings = withPending(new Uint32Array(), ids);
    candidates = candidates ? intersect(candidates, postings) : postings;
  }
  return withPending(
    candidates ?? new Uint32Array(),
    pending.filter((id) => within(id, lo, hi, desc)),
  );
}

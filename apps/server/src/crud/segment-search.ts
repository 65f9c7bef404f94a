/**
 * MySQL/MariaDB: the candidates of a `%text%` search on a table whose trigram index is segments
 * (db/trigram-segments.ts), as an explicit list of ids the list's SQL then reads
 * (`id in (…)`, the LIKE still checked beside it), or none: walk the table, checking each row.
 *
 * - The rarest of the text's trigrams (by their segments' lengths) bounds the work: its
 *   postings are read whole, intersected with the next rarest two's, and the pending ids
 *   (not merged yet) added. Too many postings: the matches are broad, and walking the list's
 *   order meets a page sooner than any list of ids.
 * - In id order on a large table, with many postings (a phrase whose 100,000 matches lie in
 *   one old stretch of ids): the candidates are read a stretch of ids at a time from the
 *   order's end (crud/segment-windows.ts) and checked, a chunk at a time, against the list's
 *   own conditions (`verify`) until the page and its count window are met; the list then
 *   reads exactly those rows. Its total says "at least" the window, as any large table's
 *   filtered list does (crud/list-total.ts).
 * - Otherwise the candidates go into the SQL whole when few enough: out of id order each is
 *   looked up and sorted, so fewer.
 */
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { AnySelect } from './query-types.js';
import { intersect, pendingIds, postingsOf, trigramCounts, withPending } from './segment-postings.js';
import { candidateStretches } from './segment-windows.js';

/** The list's rows among these ids: every condition of the list but the candidates. */
export type VerifyIds = (ids: number[]) => Promise<number[]>;

/** A VerifyIds of the rows `listed` selects, by their key `column` (`table.column`). */
export function idsAmong(listed: AnySelect, column: string): VerifyIds {
  const key = sql.ref(column);
  return async (ids) => {
    const rows = await listed
      .where(sql<SqlBool>`${key} in (${sql.join(ids.map((id) => sql.lit(id)))})`)
      .clearSelect()
      .select(key.as('id'))
      .execute();
    return (rows as { id: number | string }[]).map((row) => Number(row.id));
  };
}

export interface SegmentQuestion {
  table: string;
  text: string;
  /** 1-based starts of the trigrams considered (spread over the text). */
  starts: number[];
  /** The list is in its key's order (the ids' own). */
  inIdOrder: boolean;
  direction: 'asc' | 'desc';
  /** Matches that fill the page and its count window, and one more. */
  needed: number;
  /** Absent: every match is wanted (an export), not a page. */
  verify?: VerifyIds;
  /** The table counts its filtered lists in a window (crud/list-total.ts): a partial list of matches is enough. */
  large: boolean;
}

/** `ids` for the SQL, or null: walk. `postings` is the rarest trigram's, for the trace. */
export interface SegmentPick {
  ids: readonly number[] | null;
  postings: number;
  way: string;
}

export interface SegmentTuning {
  /** Pending ids a search checks by LIKE at most (about 1.5 µs each); more: walk until merged. */
  pending: number;
  /** Postings of a trigram read at most (4 bytes each, decoded and intersected here). */
  postings: number;
  /** Candidates a list out of id order looks up and sorts (about 2 µs each). */
  sorted: number;
  /**
   * Postings of the rarest trigram from which an id-ordered list on a large table reads its
   * candidates a stretch at a time from the order's end (crud/segment-windows.ts), not all.
   */
  stretched: number;
  /** Candidates listed whole otherwise (an export, a small table); more: the walk. */
  listed: number;
  /** Candidates checked in the first chunk from the order's end; each next chunk doubles, to `chunkMost`. */
  chunk: number;
  chunkMost: number;
}

export const SEGMENT_TUNING: SegmentTuning = {
  pending: 20_000,
  postings: 300_000,
  sorted: 5_000,
  stretched: 2_000,
  listed: 20_000,
  chunk: 128,
  chunkMost: 8_192,
};

/** Other trigrams intersected beside the rarest. */
const OTHERS = 2;

export async function segmentCandidates(
  db: Db,
  question: SegmentQuestion,
  tuning: SegmentTuning = SEGMENT_TUNING,
): Promise<SegmentPick> {
  const { table, text, starts, verify } = question;
  const pending = await pendingIds(db, table, tuning.pending);
  const counts = await trigramCounts(db, table, text, starts);
  const [rarest, ...rest] = counts;
  const postings = rarest?.n ?? 0;
  if (pending.length > tuning.pending || !rarest || postings > tuning.postings)
    return { ids: null, postings, way: 'segments-walk' };
  const others = rest.slice(0, OTHERS).filter((other) => other.n <= tuning.postings);
  if (verify && question.inIdOrder && question.large && postings > tuning.stretched) {
    const stretches = candidateStretches(db, {
      table,
      text,
      starts: [rarest.start, ...others.map((other) => other.start)],
      direction: question.direction,
      pending,
    });
    const { matches, read } = await firstMatches(stretches, question, verify, tuning);
    return { ids: matches, postings, way: `segments-checked(${postings}/${read})` };
  }
  let candidates = postings === 0 ? new Uint32Array() : await postingsOf(db, table, text, rarest.start);
  for (const other of others) {
    if (candidates.length === 0) break;
    candidates = intersect(candidates, await postingsOf(db, table, text, other.start));
  }
  candidates = withPending(candidates, pending);
  const found = candidates.length;
  const list = (ids: ArrayLike<number>, way: string): SegmentPick => ({
    ids: Array.from(ids),
    postings,
    way: `${way}(${postings}/${found})`,
  });
  // Out of id order every candidate is looked up and sorted; otherwise (an export, a small
  // table, few postings) the list reads them in its order and stops after its page.
  const most = verify && !question.inIdOrder ? tuning.sorted : tuning.listed;
  return found <= most ? list(candidates, 'segments') : walk(postings, found);
}

const walk = (postings: number, found: number): SegmentPick => ({
  ids: null,
  postings,
  way: `segments-walk(${postings}/${found})`,
});

/**
 * The list's matches among the candidates nearest the order's end, checked a chunk at a time,
 * until `needed` are found or the candidates end: every match in the stretch read, none past it.
 */
async function firstMatches(
  stretches: AsyncIterable<Uint32Array>,
  { direction, needed }: SegmentQuestion,
  verify: VerifyIds,
  tuning: SegmentTuning,
): Promise<{ matches: number[]; read: number }> {
  const matches: number[] = [];
  let chunk = tuning.chunk;
  let read = 0;
  for await (const candidates of stretches) {
    for (let at = 0; at < candidates.length && matches.length < needed; ) {
      const end = Math.min(at + chunk, candidates.length);
      const ids =
        direction === 'desc'
          ? candidates.subarray(candidates.length - end, candidates.length - at)
          : candidates.subarray(at, end);
      matches.push(...(await verify(Array.from(ids))));
      read += end - at;
      at = end;
      chunk = Math.min(chunk * 2, tuning.chunkMost);
    }
    if (matches.length >= needed) break;
  }
  return { matches, read };
}

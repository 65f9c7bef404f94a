/**
 * MySQL/MariaDB: the candidates of a `%text%` search on a table whose trigram index is segments
 * (db/trigram-segments.ts), as an explicit list of ids the list's SQL then reads
 * (`id in (…)`, the LIKE still checked beside it), or none: walk the table, checking each row.
 *
 * - The rarest of the text's trigrams (by their segments' lengths) bounds the work: its
 *   postings are read whole, intersected with the next rarest two's, and the pending ids
 *   (not merged yet) added. Too many postings: the matches are broad, and walking the list's
 *   order meets a page sooner than any list of ids.
 * - Few candidates go into the SQL whole.
 * - Many, in id order on a large table (a phrase whose 100,000 matches lie in one old stretch
 *   of ids): the candidates are checked from the order's end, a chunk at a time, against the
 *   list's own conditions (`verify`), until the page and its count window are met; the list
 *   then reads exactly those rows. Its total says "at least" the window, as any large table's
 *   filtered list does (crud/list-total.ts).
 */
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { AnySelect } from './query-types.js';
import { intersect, pendingIds, postingsOf, trigramCounts, withPending } from './segment-postings.js';

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
  /** Candidates an id-ordered list takes whole. */
  whole: number;
  /** Candidates an export takes as a list (more: it walks, as it streams anyway). */
  exported: number;
  /** Candidates checked in the first chunk from the order's end; each next chunk doubles, to `chunkMost`. */
  chunk: number;
  chunkMost: number;
}

export const SEGMENT_TUNING: SegmentTuning = {
  pending: 20_000,
  postings: 300_000,
  sorted: 5_000,
  whole: 2_000,
  exported: 20_000,
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
  let candidates = postings === 0 ? new Uint32Array() : await postingsOf(db, table, text, rarest.start);
  for (const other of rest.slice(0, OTHERS)) {
    if (candidates.length === 0 || other.n > tuning.postings) break;
    candidates = intersect(candidates, await postingsOf(db, table, text, other.start));
  }
  candidates = withPending(candidates, pending);
  const found = candidates.length;
  const list = (ids: ArrayLike<number>, way: string): SegmentPick => ({
    ids: Array.from(ids),
    postings,
    way: `${way}(${postings}/${found})`,
  });
  if (!verify) return found <= tuning.exported ? list(candidates, 'segments') : walk(postings, found);
  if (!question.inIdOrder)
    return found <= tuning.sorted ? list(candidates, 'segments') : walk(postings, found);
  if (found <= tuning.whole) return list(candidates, 'segments');
  if (!question.large) return found <= tuning.exported ? list(candidates, 'segments') : walk(postings, found);
  const matches = await firstMatches(candidates, question, verify, tuning);
  return list(matches, 'segments-checked');
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
  candidates: Uint32Array,
  { direction, needed }: SegmentQuestion,
  verify: VerifyIds,
  tuning: SegmentTuning,
): Promise<number[]> {
  const matches: number[] = [];
  let chunk = tuning.chunk;
  let read = 0;
  while (matches.length < needed && read < candidates.length) {
    const end = Math.min(read + chunk, candidates.length);
    const ids =
      direction === 'desc'
        ? candidates.subarray(candidates.length - end, candidates.length - read)
        : candidates.subarray(read, end);
    matches.push(...(await verify(Array.from(ids))));
    read = end;
    chunk = Math.min(chunk * 2, tuning.chunkMost);
  }
  return matches;
}

/**
 * PostgreSQL: the first matches of a broad text search in id order, when they lie far from the
 * order's end (a tenth of the members who joined together four years ago), found without
 * rechecking every match.
 *
 * Sorting all 100,000 matches from the trigram index costs a heap recheck of each (100 ms),
 * and walking the order from its end reads the 800,000 rows before them. Instead:
 * 1. a sample of ids spread over the table (up to a thousand primary-key lookups) finds the match
 *    nearest the order's end, or says the matches are thin near that end; h is the id
 *    sampled just before that match;
 * 2. the matches past h are read from the trigram index ANDed with the id's BRIN index
 *    (db/migrations/0030-id-brin.ts), which rechecks only the rows on pages past h; through
 *    one word of the text when the planner expects it to match about as few rows
 *    (crud/word-candidates.ts), its candidates then rechecked;
 * 3. the order is walked on from h, within `reach` ids, for the rest of the page and its count
 *    window: past the sample's step, the sampled match's stretch.
 * The ids found are exactly the first `need` matches (every match past h, then those from h
 * on in order), so the page read from them is a plain query's; short of `need`, nothing is
 * answered and the matches are sorted as before.
 */
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ListField, ListParams, ListSpec } from './list-params.js';
import type { AnySelect, SearchForms } from './query-types.js';

/** Candidates of a word read past the sampled match, per match needed, before its read gives up. */
const WORD_CANDIDATES = 4;

export interface StretchTuning {
  /** Ids sampled over the table. */
  samples: number;
  /** The ids from the sampled match the walk may read. */
  reach: number;
}

export interface Sample {
  /**
   * Where to read the matches from: the sampled id before the first sampled match in the
   * list's order (that match itself when it is the first sampled); null when none was sampled.
   */
  from: number | null;
  /** Matches the sample suggests lie within `window` ids of the order's end. */
  nearEnd: number;
  /** The ids from the table's first to its last. */
  span: number;
  /** The sample shows one stretch of matches (sampledStretch). */
  clustered: boolean;
}

/** The list's primary key and its table, for the statements here and in few-matches.ts. */
export function pkOf(spec: ListSpec) {
  const column = (spec.fields[spec.pk] as ListField).column;
  return { pk: sql.ref(column), table: sql.table(column.split('.')[0] ?? '') };
}

/**
 * Samples the ids: first a tenth of them within the order's last `window` ids (how many matches
 * lie there, as the walk would meet them); only when they are fewer than `need`, the rest,
 * spread over the table before them. A broad search the walk serves pays the first alone.
 */
export async function sampleMatches(
  db: Db,
  spec: ListSpec,
  params: ListParams,
  filtered: AnySelect,
  { window, samples, need }: { window: number; samples: number; need: number },
): Promise<Sample> {
  const { pk, table } = pkOf(spec);
  const desc = params.order.direction === 'desc';
  const ends = await sql<{ lo: number | string | null; hi: number | string | null }>`
    select (select min(${pk}) from ${table}) as lo, (select max(${pk}) from ${table}) as hi`.execute(
    db.kysely,
  );
  const { lo, hi } = ends.rows[0] ?? { lo: null, hi: null };
  if (lo === null || hi === null) return { from: null, nearEnd: 0, span: 0, clustered: false };
  const [first, last] = [Number(lo), Number(hi)];
  const span = last - first + 1;
  const end = desc ? last : first;
  const away = (distance: number) => (desc ? end - distance : end + distance);
  // Each sample placed within its step by the golden ratio's multiples: evenly spaced ids would
  // see only one phase of values that repeat along the ids (every 7th member's nickname).
  const placed = (step: number, k: number) => Math.floor(((k * 0.618_033_988_75) % 1) * step);
  /** The sampled ids that match, in the list's order. */
  const hitsAmong = async (ids: number[]) => {
    const rows = await filtered
      .clearSelect()
      .clearOrderBy()
      .select(pk.as('sampled'))
      .where(sql<SqlBool>`${pk} = any(${ids})`)
      .orderBy(pk, desc ? 'desc' : 'asc')
      .execute();
    return rows.map((row) => Number((row as { sampled: number | string }).sampled));
  };
  const near = Math.max(1, Math.floor(samples / 10));
  const nearStep = Math.max(1, Math.ceil(window / near));
  const ids: number[] = [];
  for (let k = 0; k * nearStep < window; k++) ids.push(away(k * nearStep + placed(nearStep, k)));
  const nearHits = await hitsAmong(ids);
  const nearEnd = nearHits.length * nearStep;
  if (nearEnd >= need) return { from: null, nearEnd, span, clustered: false };
  const farStep = Math.max(1, Math.ceil((span - window) / (samples - near)));
  const farIds: number[] = [];
  for (let k = 0; window + k * farStep <= last - first; k++)
    farIds.push(away(window + k * farStep + placed(farStep, k)));
  const hits = nearHits.length > 0 || farIds.length === 0 ? nearHits : await hitsAmong(farIds);
  // A new array: the list trace keeps the near sample's parameter as it was passed.
  const sampled = [...ids, ...farIds];
  const firstHit = hits[0];
  if (firstHit === undefined) return { from: null, nearEnd, span, clustered: false };
  const clustered = hits !== nearHits && sampledStretch(farIds, hits, span - window);
  /**
   * The id sampled last before the first match, from `near` more ids between `before` and the
   * match: the walk on from it crosses that much less of the gap (a step of the spread sample
   * is 11,000 ids in ten million log entries, 16,000 rows read on the way to a stretch).
   */
  async function closerTo(match: number, before: number): Promise<number> {
    const step = Math.ceil(Math.abs(match - before) / (near + 1));
    if (step <= 1) return before;
    const between: number[] = [];
    for (let k = 1; k <= near; k++) between.push(desc ? before - k * step : before + k * step);
    const inside = between.filter((id) => (desc ? id > match : id < match));
    const [first] = await hitsAmong(inside);
    if (first === undefined) return inside[inside.length - 1] ?? before;
    return inside[inside.indexOf(first) - 1] ?? before;
  }

  // Not the match itself: the BRIN index's ranges past it may still hold rows of its own
  // stretch (rows stored out of id order, as a bulk load leaves them), whose every row the
  // read past it would recheck; past the id sampled before it they hold none of them.
  const before = sampled[sampled.indexOf(firstHit) - 1];
  if (before === undefined) return { from: firstHit, nearEnd, span, clustered };
  return { from: await closerTo(firstHit, before), nearEnd, span, clustered };
}

/**
 * Whether the matches among `sampled` (ids spread over `span` ids, in order) show one stretch:
 * five or more, within half the span, most of them next to another (a stretch holds every
 * sampled id it spans, or most). Thinly spread matches are met alone, and five of them lie
 * within half the table about one time in five: an IP's log entries, one in 256 of ten million,
 * were taken for a stretch so (2.4 s, where a walk of 30,000 rows finds the page).
 */
export function sampledStretch(sampled: readonly number[], hits: readonly number[], span: number): boolean {
  const [first, last] = [hits[0], hits[hits.length - 1]];
  if (hits.length < 5 || first === undefined || last === undefined) return false;
  if (Math.abs(last - first) * 2 > span) return false;
  const hit = new Set(hits);
  const beside = hits.filter((id) => {
    const at = sampled.indexOf(id);
    return hit.has(sampled[at - 1] ?? Number.NaN) || hit.has(sampled[at + 1] ?? Number.NaN);
  });
  return beside.length * 2 >= hits.length;
}

/** The first `need` matches in the list's order, from the sampled match `from`; null when short. */
export async function matchesFrom(
  db: Db,
  spec: ListSpec,
  params: ListParams,
  filtered: SearchForms & { narrower?: AnySelect | null },
  from: number,
  need: number,
  reach: number,
): Promise<number[] | null> {
  const { pk } = pkOf(spec);
  const desc = params.order.direction === 'desc';
  const ids = (rows: Record<string, unknown>[]) => rows.map((row) => Number(row.match_id));
  const matchIds = (query: AnySelect) => query.clearSelect().clearOrderBy().select(pk.as('match_id'));
  // `id + 0` keeps the planner off the primary key (a walk over every id past h, or a bitmap
  // of them all), for the BRIN index on that expression: the trigram and BRIN bitmaps are
  // ANDed, and the few matches sorted. In the request's own process: the planner hands the
  // bitmaps' read to parallel workers, whose start and merge cost more than the few rows they
  // find (ten million log entries: 97 ms with two workers, 57 without).
  const pastFrom = async (query: AnySelect, limit: number) => {
    const compiled = matchIds(query)
      .where(sql<SqlBool>`${pk} + 0 ${sql.raw(desc ? '>' : '<')} ${from}`)
      .orderBy(sql`${pk} + 0`, desc ? 'desc' : 'asc')
      .limit(limit)
      .compile();
    return ids(
      await db.kysely.transaction().execute(async (trx) => {
        await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
        return (await trx.executeQuery(compiled)).rows as Record<string, unknown>[];
      }),
    );
  };
  const past =
    (filtered.narrower && (await pastByWord(filtered.narrower))) ?? (await pastFrom(filtered.indexed, need));
  /**
   * The matches past `from`, from the first candidates of a word of the text (each a row the
   * text may hold), rechecked; null when they are too many to tell.
   */
  async function pastByWord(narrower: AnySelect): Promise<number[] | null> {
    const limit = WORD_CANDIDATES * need;
    const candidates = await pastFrom(narrower, limit);
    if (candidates.length === 0) return [];
    const matched = ids(
      await matchIds(filtered.walked)
        .where(sql<SqlBool>`${pk} = any(${candidates})`)
        .orderBy(pk, desc ? 'desc' : 'asc')
        .limit(need)
        .execute(),
    );
    // Every candidate past `from` was read, or the first ones hold the first `need` matches.
    return candidates.length < limit || matched.length >= need ? matched : null;
  }
  if (past.length >= need) return past;
  const bound = desc ? from - reach : from + reach;
  const onward = ids(
    await matchIds(filtered.walked)
      .where(sql<SqlBool>`${pk} ${sql.raw(desc ? '<=' : '>=')} ${from}`)
      .where(sql<SqlBool>`${pk} ${sql.raw(desc ? '>' : '<')} ${bound}`)
      .orderBy(pk, desc ? 'desc' : 'asc')
      .limit(need - past.length)
      .execute(),
  );
  return past.length + onward.length >= need ? [...past, ...onward] : null;
}

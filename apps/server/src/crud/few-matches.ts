/**
 * PostgreSQL: whether a text search (quick search or LIKE) has its page taken from the
 * trigram index, its matches sorted, instead of walking the list's id order testing each row.
 *
 * Left to itself, the planner walks the primary key backwards for `order by id desc limit 20`
 * whenever it expects 20 matches soon, assuming the matches are spread evenly over the ids.
 * They often are not: members named `alice12…` were created together, and the walk for them
 * read 870,000 of a million rows (a second) where the trigram index holds the 692 matches
 * (5 ms). So the list asks the planner's count of the matches (EXPLAIN, no rows read), which
 * is good, and:
 * - under `few`, takes the page's ids by sorting the matches (crud/list-page-rows.ts, as for
 *   MySQL's trigram postings);
 * - from `few` on, the walk pays off only when the matches lie near the end it starts from
 *   (or within a time range's stretch of ids, which bounds it):
 *   a hundred thousand members who joined together four years ago are a tenth of the table,
 *   and the walk read 800,000 rows (730 ms) before the first of them. It probes the order's
 *   last `probeIds` ids for the page and its count window; found there, the walk finds them
 *   too, else the matches are sorted from the index, whose cost follows their number, not
 *   their distance. Sorting a hundred thousand matches still rechecked each (100 ms): when a
 *   sample of ids finds matches, but too few near the end for the probe, the probe is spared:
 *   up to `sortable` matches are sorted, more are read from the sampled one
 *   (crud/match-stretch.ts).
 * A walk the probe found the page in is not walked again: the probe's ids are the first
 * matches in the list's order, and the page and its count window read only them (an IP's
 * matches in ten million log entries: the probe, the count and the page each walked the same
 * 30,000 rows).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ListDialect } from './list-dialect.js';
import type { ListParams, ListSpec } from './list-params.js';
import { PAGES_AHEAD } from './list-total.js';
import { tracePage } from './list-trace.js';
import { matchesFrom, pkOf, type StretchTuning, sampleMatches } from './match-stretch.js';
import type { AnySelect, SearchForms } from './query-types.js';
import { plannedMatches } from './table-estimate.js';
import { narrowestWord, type Refilter } from './word-candidates.js';

export interface MatchTuning extends StretchTuning {
  /** Matches few enough to fetch and sort all of them for a page. */
  few: number;
  /** The ids from the order's end a broad search's page and count window must lie within to be walked. */
  probeIds: number;
  /**
   * Matches few enough to sort when the sample finds too few near the order's end: no more
   * rows than the probe would have read. More are read from a sampled one (match-stretch.ts).
   */
  sortable: number;
  /** The ids a walk may read through matches spread thinly over the table, for the page and its window. */
  spreadWalk: number;
}

const TUNING: MatchTuning = {
  few: 5_000,
  probeIds: 20_000,
  sortable: 20_000,
  samples: 1_000,
  reach: 20_000,
  spreadWalk: 50_000,
};

/** How the page of a text search is read. */
export interface TextMatches {
  /** From the trigram index's matches, sorted (not by walking the order). */
  narrowed: boolean;
  /**
   * The page and its count walk the order, or read the `within` ids: the search's walked form
   * serves them (an IP's plain LIKE, list-query.ts walkedFormDiffers).
   */
  walks: boolean;
  /**
   * The first matches in the list's order, through the page and its count window: read from a
   * sampled stretch (crud/match-stretch.ts) or by the probe's walk. The page and the count
   * read only them.
   */
  within?: RawBuilder<SqlBool>;
}

export async function fewTextMatches(
  db: Db,
  dialect: ListDialect,
  spec: ListSpec,
  params: ListParams,
  filtered: SearchForms,
  {
    spanned = false,
    tuning = TUNING,
    refilter,
  }: {
    spanned?: boolean;
    tuning?: MatchTuning;
    /** The list's filters for other parameters: the read past a sampled match may narrow its text to a word. */
    refilter?: Refilter;
  } = {},
): Promise<TextMatches> {
  const { indexed, walked } = filtered;
  // Not decided here: the planner chooses, from the indexed form.
  const planned = { narrowed: false, walks: false };
  if (!dialect.estimatesMatches || params.order.field !== spec.pk) return planned;
  const searchesText = !!params.quickSearch || params.search.some((item) => item.operator === 'LIKE');
  if (!searchesText) return planned;
  const estimate = (await plannedMatches(db, indexed)).rows;
  const sorted = { narrowed: true, walks: false };
  if (estimate < tuning.few) {
    tracePage(`few-matches(~${Math.round(estimate)})`);
    return sorted;
  }
  // A creation-time range's stretch of ids (crud/id-span.ts) bounds the walk already; the
  // table's end says nothing of it (a month two years back: the probe read 20,000 rows for none).
  if (spanned) {
    tracePage(`walk(~${Math.round(estimate)})`);
    return { narrowed: false, walks: true };
  }
  const need = (params.page + PAGES_AHEAD) * params.limit + 1;
  // The sample says whether the probe of the order's end can succeed: when it shows too few
  // matches there but some further on, the probe's rows (20,000 for a stretch of members far
  // off) are spared. Up to `sortable` matches are sorted: the read past a sampled match
  // rechecks every row of the pages its matches share with other rows, which costs more
  // than sorting them where rows were stored out of id order (10,000 log entries: 100,000 rows).
  const sample = await sampleMatches(db, spec, params, walked, {
    window: tuning.probeIds,
    samples: tuning.samples,
    need,
  });
  // Matches spread thinly over the whole table are not a stretch to read from: a walk of the
  // order meets one every span / estimate ids. An IP's 40,000 matches among ten million log
  // entries: a walk of 30,000 rows, where the read past the sampled match rechecked the 1.2
  // million rows that shared the IP's common trigrams (746 ms). Unless the sample shows a
  // stretch, a probe of the order's end as long as such a walk says whether it would do.
  const thinWalk = Math.ceil((need * sample.span) / Math.max(1, estimate));
  const thinProbe = !sample.clustered && thinWalk <= tuning.spreadWalk;
  const thinIds = Math.min(tuning.spreadWalk, 2 * thinWalk);
  if (sample.from !== null && sample.nearEnd < need) {
    const thin = thinProbe ? await walkNearEnd(spec, params, walked, thinIds, need) : null;
    if (thin) {
      tracePage(`thin-walk(~${Math.round(estimate)})`);
      return { narrowed: false, walks: true, within: amongIds(spec, thin) };
    }
    // The walk from the sampled match finds no more than `reach`: a deeper page's are sorted.
    const stretched = estimate > tuning.sortable && need <= tuning.reach;
    const narrower = stretched && refilter ? await narrowestWord(db, params, refilter, estimate) : null;
    const ids = stretched
      ? await matchesFrom(db, spec, params, { ...filtered, narrower }, sample.from, need, tuning.reach)
      : null;
    if (ids) {
      tracePage(`stretch(~${Math.round(estimate)})`);
      return { narrowed: true, walks: true, within: amongIds(spec, ids) };
    }
    tracePage(`far-matches(~${Math.round(estimate)})`);
    return sorted;
  }
  // One probe of the order's end, as long as the even-spread walk where that walk is longer.
  const probeIds = thinProbe && thinWalk > tuning.probeIds ? thinIds : tuning.probeIds;
  const found = await walkNearEnd(spec, params, walked, probeIds, need);
  const way = !found ? 'far-matches' : probeIds > tuning.probeIds ? 'thin-walk' : 'walk';
  tracePage(`${way}(~${Math.round(estimate)})`);
  return found ? { narrowed: false, walks: true, within: amongIds(spec, found) } : sorted;
}

/** The list's primary key is one of `ids` (one array parameter, however many they are). */
function amongIds(spec: ListSpec, ids: number[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${pkOf(spec).pk} = any(${ids})`;
}

/**
 * The first `need` matches in the list's order, when they lie within the last `probeIds` ids:
 * the page and its count window (list-total.ts), walked as a walk bounded by the primary key's
 * range would, reading no more rows than that. Null when fewer lie there.
 */
async function walkNearEnd(
  spec: ListSpec,
  params: ListParams,
  filtered: AnySelect,
  probeIds: number,
  need: number,
): Promise<number[] | null> {
  const { pk, table } = pkOf(spec);
  const desc = params.order.direction === 'desc';
  const end = desc
    ? sql<number>`(select max(${pk}) from ${table}) - ${probeIds}`
    : sql<number>`(select min(${pk}) from ${table}) + ${probeIds}`;
  const rows = await filtered
    .clearSelect()
    .clearOrderBy()
    .select(pk.as('match_id'))
    .where(sql<SqlBool>`${pk} ${sql.raw(desc ? '>' : '<')} ${end}`)
    .orderBy(pk, desc ? 'desc' : 'asc')
    .limit(need)
    .execute();
  return rows.length >= need ? rows.map((row) => Number((row as { match_id: unknown }).match_id)) : null;
}

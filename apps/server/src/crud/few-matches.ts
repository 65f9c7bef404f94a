/**
 * PostgreSQL: a text search (quick search or LIKE) that the planner expects to match few rows
 * is read from its trigram index and its matches sorted, never by walking the list's id order.
 *
 * Left to itself, the planner walks the primary key backwards for `order by id desc limit 20`
 * whenever it expects 20 matches soon, assuming the matches are spread evenly over the ids.
 * They often are not: members named `alice12…` were created together, and the walk for them
 * read 870,000 of a million rows (a second) where the trigram index holds the 692 matches
 * (5 ms). The planner's own count of the matches is good; only its guess of where they lie is
 * not. So the list asks for that count (EXPLAIN, no rows read) and, under FEW, takes the page's
 * ids by sorting the matches (crud/list-page-rows.ts, as for MySQL's trigram postings).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ListDialect } from './list-dialect.js';
import type { ListParams, ListSpec } from './list-params.js';
import { tracePage } from './list-trace.js';
import type { AnySelect } from './query-types.js';
import { plannedRows } from './table-estimate.js';

/** Matches few enough to fetch and sort all of them for a page. */
const FEW = 5_000;

export async function fewTextMatches(
  db: Db,
  dialect: ListDialect,
  spec: ListSpec,
  params: ListParams,
  filtered: AnySelect,
): Promise<boolean> {
  if (!dialect.estimatesMatches || params.order.field !== spec.pk) return false;
  const searchesText = !!params.quickSearch || params.search.some((item) => item.operator === 'LIKE');
  if (!searchesText) return false;
  const estimate = await plannedRows(db, filtered.clearSelect().clearOrderBy().select(sql.lit(1).as('one')));
  tracePage(`${estimate < FEW ? 'few-matches' : 'walk'}(~${Math.round(estimate)})`);
  return estimate < FEW;
}

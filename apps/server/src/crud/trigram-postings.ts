/**
 * MySQL/MariaDB: reading the trigram side tables' postings (db/search-index-sql.ts), shared by
 * the candidates of a `%text%` search (trigram-search.ts) and the sample that weighs walking
 * the table instead (trigram-walk.ts).
 */
import { type RawBuilder, sql } from 'kysely';

/** Characters in a trigram. */
export const TRIGRAM = 3;

/** A trigram of the text, cut in SQL and lower-cased as the triggers did: the indexed piece exactly. */
export const trigramAt = (text: string, start: number) =>
  sql`substring(lower(${text}), ${start}, ${TRIGRAM})`;

/**
 * ` and …` requiring the postings of the trigrams at `starts` for the ids of `postings` (an
 * alias), or nothing. Each is a scalar subquery with `limit 1`, which MariaDB cannot flatten:
 * as joins (or `exists`), the semi-join put the table's row lookup between the first trigram
 * and the second, so every posting of the rarest cost a row read (11,176 rows, 330 ms for
 * `13888` with the members' table outside the buffer pool); checked here, 1,128 rows, 34 ms.
 */
export function heldToo(table: string, text: string, starts: number[], postings: RawBuilder<unknown>) {
  const side = sql.table(`${table}_trigram`);
  // The aliases are raw: the table-prefix plugin would take a reference's `t2` for a table.
  const checks = starts.map((start, i) => {
    const alias = sql.raw(`t${i + 2}`);
    return sql` and (select 1 from ${side} as ${alias} where ${alias}.trigram = ${trigramAt(text, start)} and ${alias}.id = ${postings}.id limit 1) is not null`;
  });
  return sql.join(checks, sql``);
}

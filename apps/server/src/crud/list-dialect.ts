/**
 * The list engine's strategy per database: what SQLite, MySQL/MariaDB and PostgreSQL each
 * do differently when a list is read (docs/architecture.md, "List engine"). The database
 * kind is asked once, when a resource is registered (listDialect), and the chosen strategy
 * is passed down, so the list files say what they need ("does this database keep FTS
 * indexes?") instead of which database it is.
 *
 * A leaf of crud/: it imports no list file, so every list file can take a ListDialect.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Dialect } from '../db/dialect.js';
import { type IdOrderIndex, idOrderIndex } from '../db/large-tables.js';
import type { TableName } from '../db/schema.js';
import { DOTTED_MAP, dottedPattern } from '../db/search-index-sql.js';
import { caseMatters, escapeLike } from './like-pattern.js';
import { mysqlTableRows, postgresTableRows, sqliteTableRows } from './table-estimate.js';

type Condition = RawBuilder<SqlBool>;

export interface ListDialect {
  /** SQLite: quick searches and LIKEs read the FTS5 trigram indexes (crud/search-index.ts). */
  readonly ftsIndexes: boolean;
  /** MySQL/MariaDB: `%text%` searches read the trigram side tables' postings (crud/trigram-search.ts). */
  readonly trigramPostings: boolean;
  /**
   * PostgreSQL: a text search the planner expects to match few rows has its page sorted from
   * its index rather than walked along the order (crud/few-matches.ts).
   */
  readonly estimatesMatches: boolean;
  /**
   * PostgreSQL: `target like pattern` on a dotted column (an IP address, isDottedColumn), as
   * the column's index reads it: both sides mapped (db/search-index-sql.ts, dottedValue). Not
   * for NOT LIKE, which no index serves: the plain form checks a row for half the cost.
   */
  likeDotted?(target: Expression<unknown>, pattern: string): Condition;
  /** Nulls sort above every value (PostgreSQL) rather than below (MySQL, SQLite): crud/list-seek.ts. */
  readonly nullsLarge: boolean;
  /** `target like pattern` (already escaped, escapeLike), case-insensitive on every database alike. */
  like(target: Expression<unknown>, pattern: string, negate?: boolean): Condition;
  /** A number or time column as text, for a LIKE on it. */
  asText(column: Expression<unknown>): Expression<unknown>;
  /** `value` is one of the comma-separated items of `column` (`text` is the column as text). */
  inSet(value: string, column: Expression<unknown>, text: Expression<unknown>): Condition;
  /** The table's index on the id alone, when a deep page's id read must name it (list-page-ids.ts). */
  idOrderIndex(prefix: string, table: string): IdOrderIndex | undefined;
  /** The database's estimate of a table's rows: statistics, not a scan (crud/table-estimate.ts). */
  tableEstimate(db: Db, table: TableName): Promise<number>;
}

const not = (negate?: boolean) => sql.raw(negate ? 'not ' : '');

/** The item inside `,list,`: how a database without FIND_IN_SET asks it. */
function commaItem(dialect: ListDialect, value: string, text: Expression<unknown>): Condition {
  return dialect.like(sql`(',' || ${text} || ',')`, `%,${escapeLike(value)},%`);
}

/** A dotted column as its index holds it (db/search-index-sql.ts, dottedValue). */
const dotted = (target: Expression<unknown>) =>
  sql`translate(${target}, ${sql.lit(DOTTED_MAP.from)}, ${sql.lit(DOTTED_MAP.to)})`;

const SQLITE: ListDialect = {
  ftsIndexes: true,
  trigramPostings: false,
  estimatesMatches: false,
  nullsLarge: false,
  // SQLite's LIKE ignores ASCII case.
  like: (target, pattern, negate) => sql<SqlBool>`${target} ${not(negate)}like ${pattern} escape '!'`,
  asText: (column) => sql`cast(${column} as text)`,
  inSet: (value, _column, text) => commaItem(SQLITE, value, text),
  // SQLite chooses the id index on its own.
  idOrderIndex: () => undefined,
  tableEstimate: sqliteTableRows,
};

const MYSQL: ListDialect = {
  ftsIndexes: false,
  trigramPostings: true,
  estimatesMatches: false,
  nullsLarge: false,
  // The unicode_ci collation would also equate accents and widths, which the other two do
  // not, and which the trigram index (lower-cased bytes) could not serve: both sides are
  // lower-cased and compared byte for byte instead.
  like: (target, pattern, negate) =>
    sql<SqlBool>`lower(${target}) ${not(negate)}like lower(${pattern}) collate utf8mb4_bin escape '!'`,
  asText: (column) => sql`cast(${column} as char)`,
  inSet: (value, column) => sql<SqlBool>`find_in_set(${value}, ${column})`,
  // MariaDB prefers the primary key for its order: the deep-page query names the id index.
  idOrderIndex,
  tableEstimate: mysqlTableRows,
};

const POSTGRES: ListDialect = {
  ftsIndexes: false,
  trigramPostings: false,
  estimatesMatches: true,
  nullsLarge: true,
  // PostgreSQL's LIKE is case-sensitive; ILIKE is not, and costs more where case cannot matter.
  like: (target, pattern, negate) =>
    sql<SqlBool>`${target} ${not(negate)}${sql.raw(caseMatters(pattern) ? 'ilike' : 'like')} ${pattern} escape '!'`,
  likeDotted: (target, pattern) => POSTGRES.like(dotted(target), dottedPattern(pattern)),
  asText: (column) => sql`cast(${column} as text)`,
  inSet: (value, _column, text) => commaItem(POSTGRES, value, text),
  // Its primary key's index already lies apart from the rows.
  idOrderIndex: () => undefined,
  tableEstimate: postgresTableRows,
};

const STRATEGIES: Record<Dialect, ListDialect> = { sqlite: SQLITE, mysql: MYSQL, postgres: POSTGRES };

/** The list strategy of the database the app talks to; asked once, where a resource is registered. */
export function listDialect(dialect: Dialect): ListDialect {
  return STRATEGIES[dialect];
}

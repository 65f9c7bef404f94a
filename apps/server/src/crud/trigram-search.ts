/**
 * MySQL/MariaDB `%text%` searches through the trigram side tables of
 * db/migrations/0013-mysql-trigrams.ts: a row can contain the text only if its postings hold
 * every trigram of the text, so `id in (postings of trigram k)` for a few of them narrows the
 * rows to candidates, which the LIKE beside it then checks. Shorter texts have no trigram and
 * are answered by LIKE alone.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { TRIGRAM_COLUMNS, type TrigramTable } from '../db/migrations/0013-mysql-trigrams.js';
import type { ListField } from './list-params.js';

type Condition = RawBuilder<SqlBool>;

const TRIGRAM = 3;
/**
 * Trigrams looked up per search: the first, the last and some between. More would narrow the
 * candidates little (they overlap) and each is one more index range to read.
 */
const LOOKUPS = 4;

const available = new WeakMap<Db, Promise<ReadonlySet<string>>>();

/** Tables whose side table exists (the migration drops it where triggers were refused). */
export function trigramTables(db: Db): Promise<ReadonlySet<string>> {
  let found = available.get(db);
  if (!found) {
    found = (async () => {
      if (db.dialect !== 'mysql') return new Set<string>();
      const names = Object.keys(TRIGRAM_COLUMNS).map((table) => `${db.prefix}${table}_trigram`);
      const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = database() and table_name in (${sql.join(names)})`.execute(db.kysely);
      return new Set(rows.map((row) => row.name.slice(db.prefix.length, -'_trigram'.length)));
    })();
    available.set(db, found);
  }
  return found;
}

/** The table whose side table covers every one of these columns, if any. */
export function coveringTable(fields: ListField[], tables: ReadonlySet<string>): TrigramTable | null {
  const [first] = fields;
  const table = first?.column.split('.')[0] ?? '';
  if (!tables.has(table)) return null;
  const covered: readonly string[] = TRIGRAM_COLUMNS[table as TrigramTable];
  const all = fields.every((field) => {
    const [owner, column = ''] = field.column.split('.');
    return owner === table && field.type === 'string' && covered.includes(column);
  });
  return all ? (table as TrigramTable) : null;
}

/** The candidates' condition for `%text%` on a covered table, or null when the text is too short. */
export function trigramCandidates(table: TrigramTable, text: string): Condition | null {
  const length = [...text].length;
  if (length < TRIGRAM) return null;
  const starts = length - TRIGRAM + 1;
  const picked = new Set<number>();
  for (let i = 0; i < LOOKUPS; i++) picked.add(1 + Math.round((i * (starts - 1)) / (LOOKUPS - 1)));
  const id = sql.ref(`${table}.id`);
  const side = sql.table(`${table}_trigram`);
  // Cut in SQL, lower-cased as the triggers did, so the pieces are the indexed ones exactly.
  const lookups = [...picked].map(
    (start) =>
      sql<SqlBool>`${id} in (select id from ${side} where trigram = substring(lower(${text}), ${start}, ${TRIGRAM}))`,
  );
  return sql<SqlBool>`(${sql.join(lookups, sql` and `)})`;
}

/**
 * MySQL/MariaDB: whether a `%text%` list in id order meets its page and its count window sooner
 * by walking the table from the order's end, checking each row, than by reading the postings of
 * the text's rarest trigram (crud/trigram-search.ts). The postings are read in the key's order
 * and stop after the page (MariaDB turns `id in (postings)` into a join led by them), but each
 * costs a lookup of its row, where the walk checks the rows it passes: near the end the walk
 * is cheaper. (Before migration 0033 a generated table's postings were sorted whole, their id
 * an `int` beside its `int unsigned` key: 50,000 postings of `lamp` cost 240 ms, where the
 * walk met 121 matches within 2,500 rows.) A trigram's postings do not say
 * how many rows hold the whole text nor where they lie (`lamb` shares `lam` with every lamp;
 * a sale's rows may sit in one old stretch of ids), so a sample tells: the postings nearest the
 * order's end, their rows checked against the text. The walk is chosen when the rows it needs
 * lie within `walkRows` ids of the end.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { escapeLike } from './like-pattern.js';
import type { ListDialect } from './list-dialect.js';
import type { ListField } from './list-params.js';
import { heldToo } from './trigram-postings.js';

export interface WalkTuning {
  /** Estimated postings from which the sample is worth taking: fewer sort in a few ms. */
  probeFrom: number;
  /** Postings read from the order's end, their rows checked (about 2 ms for 2,000). */
  sample: number;
  /** Ids from the end within which the walk is cheaper (about 1 µs a row checked). */
  walkRows: number;
}

export const WALK_TUNING: WalkTuning = { probeFrom: 5_000, sample: 2_000, walkRows: 20_000 };

export interface WalkQuestion {
  table: string;
  /** The table's key, which the side table's `id` holds. */
  key: string;
  text: string;
  /** The covered columns the text is searched in (one of them holding it is a match). */
  fields: ListField[];
  /** 1-based start of the rarest trigram in the text. */
  start: number;
  /** Starts of the other trigrams read (crud/trigram-search.ts): a sampled posting lacking one is no match. */
  others: number[];
  direction: 'asc' | 'desc';
  /** Matches the walk must meet: the page, the count window, and one more. */
  needed: number;
}

export async function walkIsShort(
  db: Db,
  dialect: ListDialect,
  question: WalkQuestion,
  tuning: WalkTuning,
): Promise<boolean> {
  const { table, key, text, fields, start, others, direction, needed } = question;
  if (needed > tuning.sample) return false;
  const side = sql.table(`${table}_trigram`);
  const id = sql.ref(`${table}.${key}`);
  const pattern = `%${escapeLike(text)}%`;
  const holds = sql.join(
    fields.map((field) => dialect.like(sql.ref(field.column), pattern)),
    sql` or `,
  );
  const way = sql.raw(direction);
  // Raw aliases: the table-prefix plugin would take a reference's `sample` for a table. The
  // postings that lack another of the text's trigrams are dropped before their rows are read.
  const postings = sql.raw('p');
  const sampled = sql`(select p.id from (select id from ${side} where trigram = substring(lower(${text}), ${sql.lit(start)}, 3)
    order by id ${way} limit ${sql.lit(tuning.sample)}) as ${postings}
    where 1 = 1${heldToo(table, text, others, postings)}) as sample`;
  const { rows } = await sql<{ id: number | string }>`select ${id} as id from ${sampled}
    join ${sql.table(table)} on ${id} = sample.id where (${holds}) order by sample.id ${way}
    limit ${sql.lit(needed)}`.execute(db.kysely);
  const last = rows[needed - 1];
  if (!last) return false;
  const end = sql.raw(direction === 'desc' ? 'max' : 'min');
  const { rows: ends } = await sql<{ end: number | string | null }>`select ${end}(${id}) as end
    from ${sql.table(table)}`.execute(db.kysely);
  return Math.abs(Number(ends[0]?.end ?? 0) - Number(last.id)) <= tuning.walkRows;
}

/**
 * MySQL/MariaDB: the members' trigram postings as each index holds them, for the tests of the
 * segmented index (db/trigram-segments.ts) and of the side table it replaced: each as sorted
 * `trigram id` strings, so two indexes compare as sets.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.js';
import { decodeIds } from '../../src/db/trigram-segments.js';

/** A member row with the columns a test sets; its e-mail from its name. */
export const member = (id: number, username: string, nickname: string) => ({
  id,
  username,
  nickname,
  email: `${username}@example.com`,
  mobile: '',
  group_id: 1,
  password: '',
  salt: '',
  create_time: 1_700_000_000,
});

/** `trigram id` of every posting the segments hold, sorted and each once. */
export async function segmentPostings(db: Db): Promise<string[]> {
  const { rows } = await sql<{ trigram: string; ids: Uint8Array }>`select trigram, ids
    from ${sql.table('user_tseg')}`.execute(db.kysely);
  const all = new Set<string>();
  for (const row of rows) for (const id of decodeIds(row.ids)) all.add(`${row.trigram} ${id}`);
  return [...all].sort();
}

/** `trigram id` of every trigram of the members' current values, cut as the triggers cut them. */
export async function rowPostings(db: Db): Promise<string[]> {
  const { rows } = await sql<{ trigram: string; id: number }>`select distinct
      convert(substring(v.val, seq, 3) using utf8mb4) collate utf8mb4_bin as trigram, v.id
    from (select id, lower(concat_ws(char(1), username, nickname, email, mobile, last_login_ip)) as val
      from ${sql.table('user')}) v join seq_1_to_400 on seq <= char_length(v.val) - 2`.execute(db.kysely);
  return rows.map((row) => `${row.trigram} ${row.id}`).sort();
}

/** `trigram id` of the side table's postings (before 0037, and after its down). */
export async function sidePostings(db: Db): Promise<string[]> {
  const { rows } = await sql<{ trigram: string; id: number }>`select trigram, id
    from ${sql.id(`${db.prefix}user_trigram`)}`.execute(db.kysely);
  return rows.map((row) => `${row.trigram} ${row.id}`).sort();
}

export async function pendingIds(db: Db): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select id from ${sql.table('user_tpending')} order by seq`.execute(db.kysely);
  return rows.map((row) => Number(row.id));
}

/** The postings of `wanted` that `held` lacks. */
export const missing = (held: string[], wanted: string[]) => {
  const set = new Set(held);
  return wanted.filter((posting) => !set.has(posting));
};

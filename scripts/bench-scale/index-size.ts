/**
 * The substring search indexes' size after the seed, per seeded table: what keeping them costs
 * on disk beside what they cost writes (issue 35 asks for the MariaDB side table's size before
 * and after its segments). SQLite: the FTS5 tables' pages (dbstat); PostgreSQL: the pg_trgm
 * indexes; MySQL/MariaDB: the side tables, or the segments and their pending list.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/connection.js';

/** Bytes of each seeded table's search index, by table. */
export async function searchIndexBytes(db: Db, tables: readonly string[]): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const table of tables) sizes[table] = await bytesOf(db, `${db.prefix}${table}`);
  return sizes;
}

async function bytesOf(db: Db, table: string): Promise<number> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ bytes: number | null }>`select sum(pgsize) as bytes from dbstat
      where name like ${`${table}\\_search%`} escape '\\'`.execute(db.kysely);
    return Number(rows[0]?.bytes ?? 0);
  }
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ bytes: string | null }>`select sum(pg_relation_size(i.indexrelid)) as bytes
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass and (c.relname like '%\\_trgm' or c.relname like '%\\_dots')`.execute(
      db.kysely,
    );
    return Number(rows[0]?.bytes ?? 0);
  }
  const names = [`${table}_trigram`, `${table}_tseg`, `${table}_tpending`];
  const { rows: present } = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables
    where table_schema = database() and table_name in (${sql.join(names)})`.execute(db.kysely);
  // InnoDB's sizes in information_schema come from its statistics, which a bulk load leaves stale.
  for (const { name } of present) await sql`analyze table ${sql.id(name)}`.execute(db.kysely);
  const { rows } = await sql<{
    bytes: number | string | null;
  }>`select sum(data_length + index_length) as bytes
    from information_schema.tables where table_schema = database() and table_name in (${sql.join(names)})`.execute(
    db.kysely,
  );
  return Number(rows[0]?.bytes ?? 0);
}

/** `user 1,565 MB, admin_log 272 MB` */
export function describeSizes(sizes: Record<string, number>): string {
  return Object.entries(sizes)
    .map(
      ([table, bytes]) => `${table} ${(bytes / 1e6).toLocaleString('en', { maximumFractionDigits: 0 })} MB`,
    )
    .join(', ');
}

/**
 * A plain copy of a table: its columns, keys and B-tree indexes, without its triggers (the
 * search index's upkeep, and on SQLite the row counters and id spans) and without its search
 * indexes (PostgreSQL's pg_trgm GIN indexes). What a write costs there is what it would cost
 * with no search kept at all.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/connection.js';

/** Makes `<table>_plain` (a logical name, prefixed like the core tables) and returns that name. */
export async function createPlainCopy(db: Db, table: string): Promise<string> {
  const copy = `${table}_plain`;
  db.addTables([copy]);
  if (db.dialect === 'mysql') {
    // LIKE copies columns and indexes, never triggers (MariaDB's trigram side tables are kept by triggers).
    await sql`create table ${sql.table(copy)} like ${sql.table(table)}`.execute(db.kysely);
  } else if (db.dialect === 'postgres') {
    await sql`create table ${sql.table(copy)} (like ${sql.table(table)} including all)`.execute(db.kysely);
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = ${db.prefix + copy} and indexdef like '% USING gin %'`.execute(db.kysely);
    for (const { indexname } of rows) await sql`drop index ${sql.id(indexname)}`.execute(db.kysely);
  } else {
    await sqliteCopy(db, table, copy);
  }
  return copy;
}

/**
 * SQLite has no CREATE TABLE … LIKE: the table's and its indexes' own statements, renamed. Every
 * name to change starts with the quoted table name (the table, and its indexes `<table>_…`).
 */
async function sqliteCopy(db: Db, table: string, copy: string): Promise<void> {
  const from = `"${db.prefix}${table}`;
  const to = `"${db.prefix}${copy}`;
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = ${db.prefix + table} and type in ('table', 'index') and sql is not null
    order by type = 'index'`.execute(db.kysely);
  for (const row of rows) {
    if (!row.sql.includes(from)) throw new Error(`cannot rename in: ${row.sql}`);
    await sql.raw(row.sql.replaceAll(from, to)).execute(db.kysely);
  }
}

/**
 * Column and table building blocks that mean the same thing on SQLite, MySQL/MariaDB and
 * PostgreSQL, so each migration states a table once.
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema on purpose.
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above.
type Table = CreateTableBuilder<string, any>;

export interface ColumnKit {
  /** Auto-increment integer primary key named id. */
  id(t: Table): Table;
  /** VARCHAR(n) NOT NULL DEFAULT '' */
  str(t: Table, name: string, length: number): Table;
  /** Nullable VARCHAR(n) */
  strNull(t: Table, name: string, length: number): Table;
  /** INTEGER NOT NULL DEFAULT n */
  int(t: Table, name: string, fallback?: number): Table;
  /** Nullable unix-seconds timestamp. */
  time(t: Table, name: string): Table;
  /** '0' / '1' flag stored as text (the original's ENUM('0','1')). */
  flag(t: Table, name: string, fallback: '0' | '1'): Table;
  /** Short enumerated text with a default (the original's ENUMs). */
  choice(t: Table, name: string, fallback: string | null, length?: number): Table;
  /** Nullable long text (LONGTEXT on MySQL, where TEXT stops at 64 KB). */
  text(t: Table, name: string): Table;
  /** Table options: InnoDB and utf8mb4 on MySQL, nothing elsewhere. */
  finish(t: Table): Table;
  /** CREATE INDEX with a prefixed, globally unique name (PostgreSQL index names are per schema). */
  index(db: AnyDb, table: string, columns: string[], unique?: boolean): Promise<void>;
}

export function columnKit(dialect: Dialect, prefix: string): ColumnKit {
  const notNullDefault = (value: string | number) => (c: ColumnDefinitionBuilder) =>
    c.notNull().defaultTo(value);
  return {
    id: (t) =>
      dialect === 'postgres'
        ? t.addColumn('id', 'serial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    str: (t, name, length) => t.addColumn(name, sql`varchar(${sql.raw(String(length))})`, notNullDefault('')),
    strNull: (t, name, length) => t.addColumn(name, sql`varchar(${sql.raw(String(length))})`),
    int: (t, name, fallback = 0) => t.addColumn(name, 'integer', notNullDefault(fallback)),
    time: (t, name) => t.addColumn(name, 'bigint'),
    flag: (t, name, fallback) => t.addColumn(name, 'varchar(1)', notNullDefault(fallback)),
    choice: (t, name, fallback, length = 20) =>
      t.addColumn(name, sql`varchar(${sql.raw(String(length))})`, (c) =>
        fallback === null ? c : c.notNull().defaultTo(fallback),
      ),
    text: (t, name) => t.addColumn(name, dialect === 'mysql' ? sql`longtext` : 'text'),
    finish: (t) =>
      dialect === 'mysql'
        ? t.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
        : t,
    index: async (db, table, columns, unique = false) => {
      let builder = db.schema
        .createIndex(`${prefix}${table}_${columns.join('_')}`)
        .on(table)
        .columns(columns);
      if (unique) builder = builder.unique();
      await builder.execute();
    },
  };
}

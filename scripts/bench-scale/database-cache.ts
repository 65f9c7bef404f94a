/**
 * What the database keeps its pages in, printed beside the figures: a seed and the reads at a
 * million rows cost what they cost partly by where their pages are. InnoDB reads around the
 * operating system's cache (O_DIRECT), so MariaDB has its buffer pool alone; PostgreSQL and
 * SQLite read through that cache, which on a machine with memory to spare holds every table.
 * The seed of a million members measured the same with MariaDB's default pool and with 4 GB
 * (docs/bench-scale.md, "MariaDB's memory settings do not move the floor"), but a list read that
 * looks up thousands of rows takes far longer where they are not in memory (docs/deploy.md).
 */
import { totalmem } from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import type { Dialect } from '../../apps/server/src/db/dialect.js';

const mib = (bytes: number | string) => `${Math.round(Number(bytes) / 2 ** 20).toLocaleString('en')} MiB`;

export async function databaseCache(dialect: Dialect, url: string): Promise<string> {
  const osCache = `the operating system's cache (${mib(totalmem())} of memory)`;
  if (dialect === 'sqlite') return `database cache: SQLite reads through ${osCache}`;
  const db = await openDatabase(url, '');
  try {
    if (dialect === 'postgres') {
      const { rows } = await sql<{
        shared: string;
      }>`select current_setting('shared_buffers') as shared`.execute(db.kysely);
      return `database cache: PostgreSQL shared_buffers ${rows[0]?.shared}, reading through ${osCache}`;
    }
    const { rows } = await sql<{ pool: string; redo: string; flush: string }>`select
      @@innodb_buffer_pool_size as pool, @@innodb_log_file_size as redo, @@innodb_flush_method as flush`.execute(
      db.kysely,
    );
    const { pool = 0, redo = 0, flush = '' } = rows[0] ?? {};
    return `database cache: InnoDB buffer pool ${mib(pool)} (redo log ${mib(redo)}, ${flush})`;
  } finally {
    await db.close();
  }
}

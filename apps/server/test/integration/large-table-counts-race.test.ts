/**
 * MySQL/MariaDB: largeTableCounts (a module's migration, and 0016/0019 for the core's tables)
 * may run while other processes still write to the table, as in a rolling upgrade or a module
 * updated on a live site. MySQL commits each CREATE TRIGGER at once, so a row written between
 * the triggers and the first fill was counted by both: the exact total of the list said one
 * more than there were, for good, and a deep page in id order started a row off.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { BLOCK } from '../../src/db/large-tables.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { largeTableCounts } from '../../src/db/migrations/large-table-counts.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

const mysql = testDatabases().find((f) => f.dialect === 'mysql');

const TABLE = 'tally';
/** Times the counts are made again while the writer runs: each has its window, if it has one. */
const RENEWALS = 8;

describe.skipIf(!mysql)('row counts and id blocks made while another connection writes [mysql]', () => {
  it('count every row once', async () => {
    if (!mysql) return;
    await withScratchDatabase(mysql, async (db) => {
      await migrateToLatest(db);
      // A module's table, prefixed as the module's declared tables are.
      db.addTables([TABLE]);
      const table = sql.id(`${db.prefix}${TABLE}`);
      await sql`create table ${table} (id int auto_increment primary key, title varchar(40) not null)
        engine=InnoDB`.execute(db.kysely);
      await sql`insert into ${table} (title) select concat('before ', seq) from seq_1_to_10000`.execute(
        db.kysely,
      );
      let writing = true;
      let written = 0;
      // Another process, still serving: rows come in one at a time, now and then one goes.
      const writer = (async () => {
        while (writing) {
          written++;
          await sql`insert into ${table} (title) values (${`row ${written}`})`.execute(db.kysely);
          if (written % 7 === 0) await sql`delete from ${table} where id = ${written}`.execute(db.kysely);
        }
      })();
      try {
        for (let round = 0; round < RENEWALS; round++)
          await largeTableCounts(db.kysely, { dialect: 'mysql', prefix: db.prefix }, TABLE);
      } finally {
        writing = false;
        await writer;
      }
      expect(written).toBeGreaterThan(RENEWALS);
      const { rows: total } = await sql<{ n: number | string }>`select count(*) as n from ${table}`.execute(
        db.kysely,
      );
      const { rows: counted } = await sql<{ n: number | string }>`select sum(counted) as n
        from ${sql.table('row_count')} where table_name = ${TABLE}`.execute(db.kysely);
      expect(Number(counted[0]?.n)).toBe(Number(total[0]?.n));
      const { rows: blocks } = await sql<{
        block: number;
        n: number | string;
      }>`select block, sum(counted) as n
        from ${sql.table('id_block')} where table_name = ${TABLE} group by block having sum(counted) <> 0
        order by block`.execute(db.kysely);
      const { rows: rowsPerBlock } = await sql<{
        block: number;
        n: number | string;
      }>`select id div ${BLOCK} as block,
        count(*) as n from ${table} group by 1 order by 1`.execute(db.kysely);
      expect(blocks.map((b) => `${b.block}: ${Number(b.n)}`)).toEqual(
        rowsPerBlock.map((b) => `${b.block}: ${Number(b.n)}`),
      );
    });
  }, 120_000);

  it('are made without the lock where the user may not lock tables, with a warning', async () => {
    const adminUrl = process.env.TEST_MYSQL_URL;
    if (!mysql || !adminUrl) return;
    await withScratchDatabase(mysql, async (db) => {
      await migrateToLatest(db);
      const { rows } = await sql<{ name: string }>`select database() as name`.execute(db.kysely);
      const database = sql.id(rows[0]?.name ?? '');
      await sql`create table ${sql.id(`${db.prefix}${TABLE}`)} (id int auto_increment primary key,
        title varchar(40) not null) engine=InnoDB`.execute(db.kysely);
      await sql`insert into ${sql.id(`${db.prefix}${TABLE}`)} (title) values ('one'), ('two')`.execute(
        db.kysely,
      );
      // A site's user granted what the app needs but LOCK TABLES.
      const user = `portico_t_${randomBytes(4).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      await sql`create user ${sql.lit(user)}@'%' identified by ${sql.lit(password)}`.execute(db.kysely);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        await sql`grant select, insert, update, delete, create, drop, alter, index, trigger
          on ${database}.* to ${sql.lit(user)}@'%'`.execute(db.kysely);
        const url = new URL(adminUrl);
        Object.assign(url, { username: user, password, pathname: `/${rows[0]?.name}` });
        const site = await openDatabase(url.toString(), db.prefix);
        try {
          site.addTables([TABLE]);
          await largeTableCounts(site.kysely, { dialect: 'mysql', prefix: db.prefix }, TABLE);
        } finally {
          await site.close();
        }
        expect(warn.mock.calls.map(([message]) => String(message)).join('\n')).toContain('not locked');
        const { rows: counted } = await sql<{ n: number | string }>`select sum(counted) as n
          from ${sql.table('row_count')} where table_name = ${TABLE}`.execute(db.kysely);
        expect(Number(counted[0]?.n)).toBe(2);
      } finally {
        warn.mockRestore();
        await sql`drop user ${sql.lit(user)}@'%'`.execute(db.kysely);
      }
    });
  }, 60_000);
});

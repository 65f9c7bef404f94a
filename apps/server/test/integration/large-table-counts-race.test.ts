/**
 * MySQL/MariaDB: largeTableCounts (a module's migration, and 0016/0019 for the core's tables)
 * may run while other processes still write to the table, as in a rolling upgrade or a module
 * updated on a live site. MySQL commits each CREATE TRIGGER at once, so a row written between
 * the triggers and the first fill was counted by both: the exact total of the list said one
 * more than there were, for good, and a deep page in id order started a row off.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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
});

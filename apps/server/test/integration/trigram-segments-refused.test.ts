/**
 * MySQL/MariaDB: migration 0037 where the server refuses its triggers but granted 0013's (a
 * site whose user lost the TRIGGER privilege, or whose server took up binary logging since).
 * The members' side table stays, its triggers still posting (they run as their definer), and
 * holds every member's postings, those of the members there before 0013 too: 0013 leaves those
 * for 0037 to merge.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';
import { member, rowPostings, sidePostings } from '../support/member-postings.js';

const mysql = testDatabases().find((f) => f.dialect === 'mysql');

describe.skipIf(!mysql)('the members’ trigram segments refused [mysql]', () => {
  it('keep the side table 0013 made, filled with every member’s postings', async () => {
    const adminUrl = process.env.TEST_MYSQL_URL;
    if (!mysql || !adminUrl) return;
    await withScratchDatabase(mysql, async (db) => {
      // A site taken over: its members are there before the indexes.
      await migrateUpTo(db, '0012-list-indexes');
      const members = Array.from({ length: 300 }, (_, i) => member(i + 1, `taken${i}`, `Över ${i % 7}`));
      await db.kysely.insertInto('user').values(members).execute();
      await migrateUpTo(db, '0036-joined-trigram-removal');
      const { rows } = await sql<{ name: string }>`select database() as name`.execute(db.kysely);
      const database = rows[0]?.name ?? '';
      // The site's user, granted what the app needs but TRIGGER.
      const user = `portico_t_${randomBytes(4).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      await sql`create user ${sql.lit(user)}@'%' identified by ${sql.lit(password)}`.execute(db.kysely);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        await sql`grant select, insert, update, delete, create, drop, alter, index
          on ${sql.id(database)}.* to ${sql.lit(user)}@'%'`.execute(db.kysely);
        const url = new URL(adminUrl);
        Object.assign(url, { username: user, password, pathname: `/${database}` });
        const site = await openDatabase(url.toString(), db.prefix);
        try {
          await migrateToLatest(site);
          await site.kysely
            .insertInto('user')
            .values(member(301, 'newcomer', 'After'))
            .execute();
        } finally {
          await site.close();
        }
        expect(warn.mock.calls.map(([message]) => String(message)).join('\n')).toContain(
          'trigram segments for ba_user skipped',
        );
        expect(await sidePostings(db)).toEqual(await rowPostings(db));
        const { rows: tables } = await sql<{ name: string }>`select table_name as name
          from information_schema.tables where table_schema = database() and table_name like '%user\\_t%'`.execute(
          db.kysely,
        );
        expect(tables.map((table) => table.name)).toEqual(['ba_user_trigram']);
      } finally {
        warn.mockRestore();
        await sql`drop user ${sql.lit(user)}@'%'`.execute(db.kysely);
      }
    });
  }, 180_000);
});

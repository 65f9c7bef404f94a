/**
 * MySQL/MariaDB: a migration that renews the trigram indexes' routines (0028, 0031, 0034, 0036)
 * may run while other processes still serve and write, as in a rolling upgrade. Every row
 * written meanwhile must get its postings: one without them is missed by every search of the
 * list until its searched columns change again. Renewing by dropping the triggers and making
 * them again left a few milliseconds with no trigger at all (replaceRoutines, trigram-indexes.ts).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { migrateUpTo } from '../../src/db/migrate.js';
import { searchIndex } from '../../src/db/migrations/search-index.js';
import { renewTrigramRoutines, trigramIndexes } from '../../src/db/migrations/trigram-indexes.js';
import { trigramNumbers } from '../../src/db/migrations/trigram-numbers.js';
import {
  renewalBridge,
  trigramNames,
  trigramRoutines,
  trigramRoutinesDown,
} from '../../src/db/search-index-sql.js';
import { TRIGRAM_COLUMNS } from '../../src/db/search-tables.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

/** The last version whose members' index is a side table (0037 makes it segments): these tests use it as their example. */
const MEMBERS_SIDE_TABLE = '0036-joined-trigram-removal';

const mysql = testDatabases().find((f) => f.dialect === 'mysql');

/** Renewals while the writer runs: each has its window, if it has one, for the members' index. */
const RENEWALS = 6;

/**
 * Each member's trigrams, cut here from the value the triggers cut them from (joined and
 * lower-cased by the database, read as bytes), and the side table's postings: `id hex`.
 */
async function postingsAgainstRows(db: Db): Promise<{ expected: string[]; posted: string[] }> {
  const joined = sql.raw(
    `lower(concat_ws(char(1), ${TRIGRAM_COLUMNS.user.map((c) => `\`${c}\``).join(', ')}))`,
  );
  const { rows } = await sql<{ id: number; val: string }>`select id, hex(${joined}) as val
    from ${sql.table('user')}`.execute(db.kysely);
  const expected = new Set<string>();
  for (const { id, val } of rows) {
    const chars = [...Buffer.from(val, 'hex').toString('utf8')];
    for (let i = 0; i + 3 <= chars.length; i++)
      expected.add(
        `${id} ${Buffer.from(chars.slice(i, i + 3).join(''))
          .toString('hex')
          .toUpperCase()}`,
      );
  }
  const { rows: posted } = await sql<{ posting: string }>`select concat(id, ' ', hex(trigram)) as posting
    from ${sql.table('user_trigram')}`.execute(db.kysely);
  return { expected: [...expected].sort(), posted: posted.map((row) => row.posting).sort() };
}

describe.skipIf(!mysql)('renewing the trigram routines while another connection writes [mysql]', () => {
  it('posts every row inserted or changed meanwhile, and nothing else', async () => {
    if (!mysql) return;
    await withScratchDatabase(mysql, async (db) => {
      await migrateUpTo(db, MEMBERS_SIDE_TABLE);
      let writing = true;
      let written = 0;
      // Another process, still serving: a member signs up, the one before changes nickname.
      const writer = (async () => {
        while (writing) {
          written++;
          const { insertId } = await db.kysely
            .insertInto('user')
            .values({
              username: `writer${written}`,
              nickname: `Writer ${written}`,
              email: `writer${written}@example.com`,
              password: '',
              salt: '',
              create_time: written,
            })
            .executeTakeFirstOrThrow();
          await db.kysely
            .updateTable('user')
            .set({ nickname: `Renamed ${written}` })
            .where('id', '=', Number(insertId) - 1)
            .execute();
        }
      })();
      try {
        for (let round = 0; round < RENEWALS; round++) {
          // Two forms in turn, so each renewal has something to replace.
          const removal = round % 2 === 0 ? 'derived' : 'joined';
          await renewTrigramRoutines(db.kysely, db.prefix, async () => ({ removal }));
        }
      } finally {
        writing = false;
        await writer;
      }
      expect(written).toBeGreaterThan(RENEWALS);
      const { expected, posted } = await postingsAgainstRows(db);
      const have = new Set(posted);
      // The members whose postings are missing, by id: what a failure shows first.
      const unposted = new Set(expected.filter((posting) => !have.has(posting)).map((p) => p.split(' ')[0]));
      expect([...unposted]).toEqual([]);
      expect(posted).toEqual(expected);
    });
  }, 180_000);
});

/** A module's table, its index made by the SDK's searchIndex. */
const NOTE = 'note';

describe.skipIf(!mysql)('a renewal cut off half-way [mysql]', () => {
  it('is finished from its bridge when the bridge is whole, and a half-made bridge is taken away', async () => {
    if (!mysql) return;
    await withScratchDatabase(mysql, async (db) => {
      await migrateUpTo(db, MEMBERS_SIDE_TABLE);
      const note = sql.id(`${db.prefix}${NOTE}`);
      await sql`create table ${note} (id int auto_increment primary key, title varchar(60) not null)
        engine=InnoDB default charset=utf8mb4`.execute(db.kysely);
      await searchIndex(db.kysely, { dialect: 'mysql', prefix: db.prefix }, NOTE, ['title']);
      await sql`insert into ${note} (title) values ('before the renewal')`.execute(db.kysely);
      const numbers = await trigramNumbers(db.kysely);
      const run = async (statements: string[]) => {
        for (const statement of statements) await sql.raw(statement).execute(db.kysely);
      };
      const indexes = await trigramIndexes(db.kysely, db.prefix);
      const index = (table: string) => {
        const found = indexes.find((i) => i.names.table === `${db.prefix}${table}`);
        if (!found) throw new Error(`no index of ${table}`);
        return found;
      };
      // The module's and the members' renewals (to the earlier removal form) were cut off after
      // their bridges were made and the own triggers dropped: only the bridges keep the postings.
      for (const table of [NOTE, 'user']) {
        const { names, columns, maxLength } = index(table);
        const routines = (named: typeof names) =>
          trigramRoutines(named, columns, maxLength, numbers, { keyType: 'int', removal: 'derived' });
        await run(routines(renewalBridge(names)));
        await run(trigramRoutinesDown(names).filter((s) => s.startsWith('drop trigger')));
      }
      // The administrators' was cut off while its bridge was being made: one bridge trigger only.
      const admin = index('admin');
      await run(
        trigramRoutines(renewalBridge(admin.names), admin.columns, admin.maxLength, numbers, {
          keyType: 'int',
        }).slice(0, 3),
      );
      // A process still serving writes meanwhile.
      await sql`insert into ${note} (title) values ('written meanwhile')`.execute(db.kysely);

      const mended = await trigramIndexes(db.kysely, db.prefix);
      expect(mended.map((i) => i.names.table.slice(db.prefix.length)).sort()).toEqual([
        'admin',
        'admin_log',
        NOTE,
        'user',
      ]);
      // Each table has one set of triggers, under the index's own names, and no bridge is left.
      const { rows: triggers } = await sql<{ name: string }>`select trigger_name as name
        from information_schema.triggers where trigger_schema = database() and trigger_name like '%\\_trigram\\_%'
        order by 1`.execute(db.kysely);
      const { rows: routines } = await sql<{ name: string }>`select routine_name as name
        from information_schema.routines where routine_schema = database() and routine_name like '%\\_trigram\\_%'
        order by 1`.execute(db.kysely);
      const own = (suffixes: string[]) =>
        ['admin', 'admin_log', NOTE, 'user'].flatMap((table) =>
          suffixes.map((suffix) => `${db.prefix}${table}_trigram_${suffix}`),
        );
      expect(triggers.map((t) => t.name)).toEqual(own(['ad', 'ai', 'au']).sort());
      expect(routines.map((r) => r.name)).toEqual(own(['put', 'remove']).sort());
      // The renewal's form was kept, and what was written meanwhile is posted and searched.
      const { rows: removal } = await sql<{ body: string }>`select routine_definition as body
        from information_schema.routines where routine_schema = database()
        and routine_name = ${trigramNames(db.prefix, NOTE).remove}`.execute(db.kysely);
      expect(removal[0]?.body).toContain('distinct');
      const posted = async (trigram: string) => {
        const { rows } = await sql<{ id: number }>`select id from ${sql.id(`${db.prefix}${NOTE}_trigram`)}
          where trigram = ${trigram} order by id`.execute(db.kysely);
        return rows.map((row) => Number(row.id));
      };
      expect(await posted('mea')).toEqual([2]);
      await sql`insert into ${note} (title) values ('afterwards')`.execute(db.kysely);
      expect(await posted('aft')).toEqual([3]);
    });
  }, 120_000);
});

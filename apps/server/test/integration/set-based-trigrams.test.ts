/**
 * MySQL/MariaDB: the trigram side tables are written by one set-based statement per row
 * (search-index-sql.ts) instead of a loop of one insert per trigram, and migration 0028 brings
 * an earlier database's indexes (the core's and a module table's) to it. A search reads the
 * postings, so they must be the very set the loop wrote: for multi-byte text, values shorter
 * than a trigram, NULL columns, repeated trigrams, updates of case only, of the key, and deletes.
 * The earlier version's database is 0028's down: the loop procedure and the side table's `id` key.
 * Since 0031 an update writes only the trigrams that changed, and since 0036 a removal joins the
 * value's positions onto the postings: the postings must still be the loop's.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { migrateDownThrough, migrateUpTo } from '../../src/db/migrate.js';
import { integerColumnType } from '../../src/db/migrations/integer-types.js';
import { searchIndex } from '../../src/db/migrations/search-index.js';
import { trigramIndexes } from '../../src/db/migrations/trigram-indexes.js';
import { trigramNumbers } from '../../src/db/migrations/trigram-numbers.js';
import {
  trigramDown,
  trigramNames,
  trigramRoutines,
  trigramRoutinesDown,
} from '../../src/db/search-index-sql.js';
import { TRIGRAM_COLUMNS } from '../../src/db/search-tables.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

/** The last version whose members' index is a side table (0037 makes it segments): these tests use it as their example. */
const MEMBERS_SIDE_TABLE = '0036-joined-trigram-removal';

const mysql = testDatabases().find((f) => f.dialect === 'mysql');

/** A module's table with nullable columns and a key not named `id`. */
const NOTE = 'note';

/** A table by its full name: the prefix plugin knows only the core's tables. */
const named = (db: Db, table: string) => sql.id(`${db.prefix}${table}`);

const MEMBERS = [
  { id: 1, username: 'Alice', nickname: '快乐的小猫', email: 'alice@example.com', last_login_ip: '10.0.0.1' },
  { id: 2, username: 'ab', nickname: '', email: '', last_login_ip: '' },
  { id: 3, username: 'aaaaaaa', nickname: 'Straße ÄÖÜ', email: 'x', last_login_ip: '' },
  { id: 4, username: 'emoji', nickname: '😀😀😀 ok', email: 'e@e.e', last_login_ip: '::1' },
  { id: 5, username: 'spaces', nickname: 'ab   ', email: ' c ', last_login_ip: '' },
  { id: 6, username: 'gone', nickname: 'To be deleted', email: 'gone@example.com', last_login_ip: '' },
];

const NOTES = [
  { note_id: 1, title: 'Grüne Äpfel', body: null },
  { note_id: 2, title: null, body: null },
  { note_id: 3, title: 'x', body: '月亮和星星' },
  { note_id: 4, title: 'Same Case', body: 'body text' },
];

async function createNotes(db: Db): Promise<void> {
  await sql`create table ${named(db, NOTE)} (note_id int auto_increment primary key,
    title varchar(60) null, body varchar(80) null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`.execute(
    db.kysely,
  );
  await searchIndex(db.kysely, { dialect: db.dialect, prefix: db.prefix }, NOTE, ['title', 'body'], {
    key: 'note_id',
  });
}

async function insertRows(db: Db, shift = 0): Promise<void> {
  const common = { mobile: '', group_id: 1, password: '', salt: '', create_time: 1_700_000_000 };
  await db.kysely
    .insertInto('user')
    .values(MEMBERS.map((m) => ({ ...common, ...m, id: m.id + shift })))
    .execute();
  for (const note of NOTES)
    await sql`insert into ${named(db, NOTE)} (note_id, title, body) values (${note.note_id + shift}, ${note.title}, ${note.body})`.execute(
      db.kysely,
    );
}

/** Case only, a NULL set and cleared, a value changed, a key changed, a row deleted. */
async function changeRows(db: Db): Promise<void> {
  const k = db.kysely;
  await k.updateTable('user').set({ username: 'ALICE' }).where('id', '=', 1).execute();
  await k
    .updateTable('user')
    .set({ nickname: '快乐', last_login_ip: '192.168.1.20' })
    .where('id', '=', 2)
    .execute();
  await k.updateTable('user').set({ id: 50 }).where('id', '=', 3).execute();
  await k.updateTable('user').set({ status: 'x' }).where('id', '=', 4).execute();
  await k.deleteFrom('user').where('id', '=', 6).execute();
  const note = named(db, NOTE);
  await sql`update ${note} set body = 'Grüne Birnen' where note_id = 1`.execute(k);
  await sql`update ${note} set title = 'now set' where note_id = 2`.execute(k);
  await sql`update ${note} set body = null where note_id = 3`.execute(k);
  await sql`update ${note} set title = 'SAME CASE' where note_id = 4`.execute(k);
}

/** Deletes every member and note, so their postings must go with them. */
async function deleteRows(db: Db): Promise<void> {
  await db.kysely.deleteFrom('user').execute();
  await sql`delete from ${named(db, NOTE)}`.execute(db.kysely);
}

/** Every posting of both indexes, byte for byte, ids less `shift` (rows at or above it only, when given). */
async function postings(db: Db, shift?: number): Promise<string[]> {
  const all: string[] = [];
  for (const table of ['user', NOTE]) {
    const { rows } = await sql<{ trigram: string; id: number }>`select hex(trigram) as trigram, id
      from ${named(db, `${table}_trigram`)} order by id, trigram`.execute(db.kysely);
    for (const { trigram, id } of rows)
      if (shift === undefined || id > shift) all.push(`${table} ${id - (shift ?? 0)} ${trigram}`);
  }
  return all;
}

async function idKeys(db: Db): Promise<number> {
  const { rows } = await sql<{ found: number }>`select count(*) as found from information_schema.statistics
    where table_schema = database() and table_name like ${`${db.prefix}%\\_trigram`} and index_name = 'id'`.execute(
    db.kysely,
  );
  return Number(rows[0]?.found);
}

/** How many parameters each trigram index's put procedure takes (3 since 0031: `had`). */
async function putParameters(db: Db): Promise<number[]> {
  const { rows } = await sql<{ found: number }>`select count(*) as found from information_schema.parameters
    where specific_schema = database() and specific_name like ${`${db.prefix}%\\_trigram\\_put`}
    group by specific_name order by specific_name`.execute(db.kysely);
  return rows.map((row) => Number(row.found));
}

/**
 * The form of each trigram index's remove procedure, by name: `derived` collects the gone
 * trigrams in a derived table first (before 0036), `joined` joins the positions onto the postings.
 */
async function removals(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    body: string;
  }>`select routine_definition as body from information_schema.routines
    where routine_schema = database() and routine_name like ${`${db.prefix}%\\_trigram\\_remove`}
    order by routine_name`.execute(db.kysely);
  return rows.map((row) => (/select\s+distinct/i.test(row.body) ? 'derived' : 'joined'));
}

/** The earlier version's database: migrated, with the note table indexed, then 0028 and all after it undone. */
async function earlierVersion(db: Db): Promise<void> {
  await migrateUpTo(db, MEMBERS_SIDE_TABLE);
  await createNotes(db);
  // 0029's admin-log side table, made with the new routines, goes too.
  await migrateDownThrough(db, '0028-set-based-trigrams');
  // user, admin and note: each side table has its `id` key back.
  expect(await idKeys(db)).toBe(3);
}

/** Each test migrates a database or two from scratch: slow on a busy server. */
const SLOW = 180_000;

describe.skipIf(!mysql)('set-based trigram postings [mysql]', () => {
  // The loop's postings: the earlier version's database given the rows, then their changes.
  let loopInserted: string[] = [];
  let loopChanged: string[] = [];

  beforeAll(async () => {
    if (!mysql) return;
    await withScratchDatabase(mysql, async (db) => {
      await earlierVersion(db);
      await insertRows(db);
      loopInserted = await postings(db);
      await changeRows(db);
      loopChanged = await postings(db);
    });
  }, SLOW);

  /** The rows, then their changes, written as the loop wrote them. */
  const expectLoopPostings = async (db: Db) => {
    await insertRows(db);
    expect(await postings(db)).toEqual(loopInserted);
    await changeRows(db);
    expect(await postings(db)).toEqual(loopChanged);
  };

  it('the loop wrote postings for the rows and rewrote them for the changes', () => {
    expect(loopInserted.length).toBeGreaterThan(100);
    expect(loopChanged).not.toEqual(loopInserted);
  });

  it(
    '0028 keeps the postings the loop wrote, and its triggers write the same as the loop',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await earlierVersion(db);
        await insertRows(db);
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        expect(await idKeys(db)).toBe(0);
        expect(await postings(db)).toEqual(loopInserted);
        await changeRows(db);
        expect(await postings(db)).toEqual(loopChanged);
        // Deleting the rows deletes every posting; inserting them again (ids shifted by 100)
        // writes the loop's postings.
        await deleteRows(db);
        expect(await postings(db)).toEqual([]);
        await insertRows(db, 100);
        expect(await postings(db, 100)).toEqual(loopInserted);
      });
    },
    SLOW,
  );

  it(
    "0033 gives a side table its key's type: an unsigned key's postings are unsigned, the core's stay int",
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        // A generated table's key (int unsigned): MariaDB sorted every candidate when the
        // postings' id was a plain int.
        await sql`create table ${named(db, 'gadget')} (id int unsigned auto_increment primary key,
          title varchar(60) null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`.execute(
          db.kysely,
        );
        await searchIndex(db.kysely, { dialect: db.dialect, prefix: db.prefix }, 'gadget', ['title']);
        const postingsType = (table: string) =>
          integerColumnType(db.kysely, `${db.prefix}${table}_trigram`, 'id');
        expect(await postingsType('gadget')).toBe('int unsigned');
        await migrateDownThrough(db, '0033-trigram-key-types');
        expect(await postingsType('gadget')).toBe('int');
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        expect(await postingsType('gadget')).toBe('int unsigned');
        expect(await postingsType('user')).toBe('int');
      });
    },
    SLOW,
  );

  it(
    "a row whose key is past int's range is indexed, written, changed and deleted (0034: the procedures take the key's type)",
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        // Generated tables' keys: `int unsigned`, or `bigint` when the designer asks for it.
        const tables = [
          { table: 'gadget', type: 'int unsigned', far: 3_000_000_000 },
          { table: 'widget', type: 'bigint unsigned', far: 10_000_000_000 },
        ];
        const postingIds = async (table: string, trigram: string) => {
          const { rows } = await sql<{ id: number | string }>`select id from ${named(db, `${table}_trigram`)}
            where trigram = ${trigram} order by id`.execute(db.kysely);
          return rows.map((row) => String(row.id));
        };
        const insert = (table: string, id: number, title: string) =>
          sql`insert into ${named(db, table)} (id, title) values (${id}, ${title})`.execute(db.kysely);
        for (const { table, type } of tables) {
          await sql`create table ${named(db, table)} (id ${sql.raw(type)} auto_increment primary key,
            title varchar(60) null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`.execute(
            db.kysely,
          );
          await searchIndex(db.kysely, { dialect: db.dialect, prefix: db.prefix }, table, ['title']);
        }
        for (const { table, far } of tables) {
          await insert(table, far, 'Far away');
          expect(await postingIds(table, 'far')).toEqual([String(far)]);
          await sql`update ${named(db, table)} set title = 'Near' where id = ${far}`.execute(db.kysely);
          expect(await postingIds(table, 'far')).toEqual([]);
          expect(await postingIds(table, 'nea')).toEqual([String(far)]);
          await sql`delete from ${named(db, table)} where id = ${far}`.execute(db.kysely);
          expect(await postingIds(table, 'nea')).toEqual([]);
        }
        // An install from before 0034: its procedures took an int, and the server refused the row.
        await migrateDownThrough(db, '0034-trigram-key-parameters');
        await expect(insert('gadget', 3_000_000_001, 'Refused')).rejects.toThrow(/out of range/i);
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        await insert('gadget', 3_000_000_001, 'Accepted');
        expect(await postingIds('gadget', 'acc')).toEqual(['3000000001']);
      });
    },
    SLOW,
  );

  it(
    'an index whose routines were cut off half-way is rebuilt when it is the core’s, dropped when a module’s: never left to miss new rows',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        await createNotes(db);
        await insertRows(db);
        const tables = async () => {
          const { rows } = await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables
            where table_schema = database() and table_name like ${`${db.prefix}%\\_trigram`} order by 1`.execute(
            db.kysely,
          );
          return rows.map((row) => row.name.slice(db.prefix.length));
        };
        expect(await tables()).toEqual([
          'admin_log_trigram',
          'admin_trigram',
          'note_trigram',
          'user_trigram',
        ]);
        // An earlier version's replaceRoutines dropped the triggers, then the procedures, then made
        // them again: cut off after the triggers (the members, a module's table) or after the
        // procedures too (the administrators), the side table is there and nothing keeps it.
        const cutOff = async (table: string, what: 'drop trigger' | 'drop procedure') => {
          for (const statement of trigramDown(trigramNames(db.prefix, table)).filter(
            (s) => s.startsWith('drop trigger') || s.startsWith(what),
          ))
            await sql.raw(statement).execute(db.kysely);
        };
        await cutOff('user', 'drop trigger');
        await cutOff('admin', 'drop procedure');
        await cutOff(NOTE, 'drop trigger');
        // Written meanwhile, by a process still serving: no trigger posted them.
        await db.kysely
          .insertInto('user')
          .values({ username: 'meanwhile', email: 'm@example.com', password: '', salt: '', create_time: 1 })
          .execute();
        await db.kysely
          .insertInto('admin')
          .values({ username: 'renamed', nickname: 'Renamed meanwhile', password: '' })
          .execute();

        const found = await trigramIndexes(db.kysely, db.prefix);
        expect(found.map((index) => index.names.table.slice(db.prefix.length)).sort()).toEqual([
          'admin',
          'admin_log',
          'user',
        ]);
        expect(await tables()).toEqual(['admin_log_trigram', 'admin_trigram', 'user_trigram']);
        const postingIds = async (table: string, trigram: string) => {
          const { rows } = await sql<{ id: number | string }>`select id from ${named(db, `${table}_trigram`)}
            where trigram = ${trigram} order by id`.execute(db.kysely);
          return rows.map((row) => Number(row.id));
        };
        // The core's are whole again: what was written meanwhile is posted, and the triggers are back.
        const meanwhile = await db.kysely
          .selectFrom('user')
          .select('id')
          .where('username', '=', 'meanwhile')
          .executeTakeFirstOrThrow();
        expect(await postingIds('user', 'nwh')).toEqual([meanwhile.id]);
        expect(await postingIds('admin', 'ren')).toHaveLength(1);
        await db.kysely
          .insertInto('user')
          .values({ username: 'afterwards', email: '', password: '', salt: '', create_time: 1 })
          .execute();
        expect(await postingIds('user', 'rwa')).toHaveLength(1);
        // The module's table still takes rows, and the next look finds the same indexes.
        await sql`insert into ${named(db, NOTE)} (title) values ('after')`.execute(db.kysely);
        expect((await trigramIndexes(db.kysely, db.prefix)).length).toBe(3);
      });
    },
    SLOW,
  );

  it('takes a lost connection for an error, not for a server without the sequence engine', async () => {
    if (!mysql) return;
    await withScratchDatabase(mysql, async (db) => {
      await migrateUpTo(db, MEMBERS_SIDE_TABLE);
      expect(await trigramNumbers(db.kysely)).toBe('sequence');
      await db.kysely.connection().execute(async (held) => {
        const { rows } = await sql<{ id: number }>`select connection_id() as id`.execute(held);
        // Another of the pool's connections ends this one, as a restarting server would.
        await sql`kill connection ${sql.lit(Number(rows[0]?.id))}`.execute(db.kysely);
        await expect(trigramNumbers(held)).rejects.toThrow();
      });
    });
  });

  it(
    "0031's update writes only the changed trigrams: the same postings as the loop, before and after it",
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        await createNotes(db);
        // admin, admin_log, note, user: each put takes the old value (`had`) as well.
        expect(await putParameters(db)).toEqual([3, 3, 3, 3]);
        await migrateDownThrough(db, '0031-changed-trigrams');
        expect(await putParameters(db)).toEqual([2, 2, 2, 2]);
        // Rows written by 0028's form, changed by 0031's.
        await insertRows(db);
        expect(await postings(db)).toEqual(loopInserted);
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        expect(await putParameters(db)).toEqual([3, 3, 3, 3]);
        expect(await postings(db)).toEqual(loopInserted);
        await changeRows(db);
        expect(await postings(db)).toEqual(loopChanged);
      });
    },
    SLOW,
  );

  it(
    'a fresh install writes the same postings as the loop',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        await createNotes(db);
        expect(await idKeys(db)).toBe(0);
        await expectLoopPostings(db);
      });
    },
    SLOW,
  );

  it(
    "MySQL's form (a recursive CTE for the positions) writes the same postings as the loop",
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        await createNotes(db);
        // MariaDB has the sequence engine: the routines are made again as on MySQL, which has none.
        const indexes: [string, readonly string[], number, string][] = [
          ['user', TRIGRAM_COLUMNS.user, 400, 'id'],
          [NOTE, ['title', 'body'], 60 + 80 + 2, 'note_id'],
        ];
        for (const [table, columns, length, key] of indexes) {
          const names = trigramNames(db.prefix, table);
          for (const statement of trigramRoutinesDown(names)) await sql.raw(statement).execute(db.kysely);
          for (const statement of trigramRoutines(names, columns, length, 'recursive', { key }))
            await sql.raw(statement).execute(db.kysely);
        }
        await expectLoopPostings(db);
      });
    },
    SLOW,
  );

  it(
    'a search finds a member by text an update gave it, and no longer by the text it took away',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        await createNotes(db);
        await insertRows(db);
        await changeRows(db);
        const holders = async (text: string, table = 'user') => {
          const { rows } = await sql<{ id: number }>`select t.id from ${named(db, `${table}_trigram`)} t
          where t.trigram = ${text} order by t.id`.execute(db.kysely);
          return rows.map((row) => row.id);
        };
        expect(await holders('168')).toEqual([2]);
        expect(await holders('快乐的')).toEqual([1]);
        expect(await holders('ali')).toEqual([1]);
        expect(await holders('月亮和', NOTE)).toEqual([]);
        expect(await holders('birnen'.slice(0, 3), NOTE)).toEqual([1]);
        expect(await holders('aaa')).toEqual([50]);
        expect(await holders('del')).toEqual([]);
      });
    },
    SLOW,
  );

  it(
    "0036's removal joins the positions onto the postings: the loop's postings in either form, and across it",
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        await createNotes(db);
        // admin, admin_log, note (made by the module helper after 0036), user.
        expect(await removals(db)).toEqual(['joined', 'joined', 'joined', 'joined']);
        await migrateDownThrough(db, '0036-joined-trigram-removal');
        expect(await removals(db)).toEqual(['derived', 'derived', 'derived', 'derived']);
        // Rows written and changed by the form before it…
        await insertRows(db);
        await changeRows(db);
        expect(await postings(db)).toEqual(loopChanged);
        // …deleted by the joined form, every posting with them.
        await migrateUpTo(db, MEMBERS_SIDE_TABLE);
        expect(await removals(db)).toEqual(['joined', 'joined', 'joined', 'joined']);
        await deleteRows(db);
        expect(await postings(db)).toEqual([]);
      });
    },
    SLOW,
  );
});

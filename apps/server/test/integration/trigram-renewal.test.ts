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
import { migrateToLatest } from '../../src/db/migrate.js';
import { renewTrigramRoutines } from '../../src/db/migrations/trigram-indexes.js';
import { TRIGRAM_COLUMNS } from '../../src/db/search-tables.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

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
      await migrateToLatest(db);
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

/**
 * MySQL/MariaDB: the members' segmented trigram index (db/trigram-segments.ts, migration 0037).
 * A write puts the member on the pending list; a merge posts every trigram of its current
 * value in a segment and empties the list of the rows it read (a write committed after a later
 * one stays pending); one process merges at a time; small segments are compacted; and the
 * migration fills the segments with the postings the side table held, whole when run again,
 * and its down makes that side table again.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { migrateDownThrough, migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { memberSegmentsMigration } from '../../src/db/migrations/0037-member-segments.js';
import { mergeLock, mergeSegments, scheduleSegmentMerges } from '../../src/db/segment-merge.js';
import { decodeIds } from '../../src/db/trigram-segments.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';
import {
  member,
  missing,
  pendingIds,
  rowPostings,
  segmentPostings,
  sidePostings,
} from '../support/member-postings.js';

const mysql = testDatabases().find((f) => f.dialect === 'mysql');
const SLOW = 180_000;

/** Whether `done` holds within `ms`, asked every 100 ms. */
async function waitFor(done: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return done();
}

/** Whether no process holds the members' merge (segment-merge.ts's lock). */
async function mergeIdle(db: Db): Promise<boolean> {
  const { rows } = await sql<{
    free: number;
  }>`select is_free_lock(${mergeLock(`${db.prefix}user`)}) as free`.execute(db.kysely);
  return Number(rows[0]?.free) === 1;
}

describe.skipIf(!mysql)('the members’ trigram segments [mysql]', () => {
  it(
    'posts every trigram of every member’s current value once merged, whatever was written',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateToLatest(db);
        const k = db.kysely;
        await k
          .insertInto('user')
          .values([
            member(1, 'Alice', '快乐的小猫'),
            member(2, 'bob', 'Straße ÄÖÜ'),
            member(3, 'carol', 'Gone soon'),
            // Characters outside the BMP: MariaDB cuts by character, not by UTF-16 unit.
            member(4, 'emoji', '😀😀😀 ok 😀'),
          ])
          .execute();
        expect(await pendingIds(db)).toEqual([1, 2, 3, 4]);
        expect(await mergeSegments(db, 'user')).toBe(4);
        expect(await pendingIds(db)).toEqual([]);
        expect(missing(await segmentPostings(db), await rowPostings(db))).toEqual([]);
        // A searched column, a column no search reads, the key, a delete.
        await k.updateTable('user').set({ nickname: 'Brand New' }).where('id', '=', 1).execute();
        await k.updateTable('user').set({ status: '0' }).where('id', '=', 2).execute();
        await k.updateTable('user').set({ id: 40 }).where('id', '=', 2).execute();
        await k.deleteFrom('user').where('id', '=', 3).execute();
        expect(await pendingIds(db)).toEqual([1, 40]);
        await mergeSegments(db, 'user');
        expect(await pendingIds(db)).toEqual([]);
        expect(missing(await segmentPostings(db), await rowPostings(db))).toEqual([]);
        expect(await segmentPostings(db)).toContain('bra 1');
      });
    },
    SLOW,
  );

  it(
    'merges each pending member once when two processes merge at the same time',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateToLatest(db);
        const members = Array.from({ length: 3_000 }, (_, i) => member(i + 1, `user${i}`, `Nick ${i}`));
        for (let i = 0; i < members.length; i += 500)
          await db.kysely
            .insertInto('user')
            .values(members.slice(i, i + 500))
            .execute();
        const merged = await Promise.all([
          mergeSegments(db, 'user', { batch: 500 }),
          mergeSegments(db, 'user', { batch: 500 }),
        ]);
        // The second finds the lock taken and leaves the work to the first.
        expect([...merged].sort((a, b) => a - b)).toEqual([0, 3_000]);
        expect(await pendingIds(db)).toEqual([]);
        const { rows } = await sql<{ repeated: number }>`select count(*) as repeated from (
          select trigram, batch from ${sql.table('user_tseg')} group by trigram, batch having count(*) > 1) twice`.execute(
          db.kysely,
        );
        expect(Number(rows[0]?.repeated)).toBe(0);
        expect(missing(await segmentPostings(db), await rowPostings(db))).toEqual([]);
      });
    },
    SLOW,
  );

  it(
    'lets a member be written while a merge is under way, without waiting for it',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateToLatest(db);
        await db.kysely
          .insertInto('user')
          .values([member(1, 'first', 'One'), member(2, 'second', 'Two')])
          .execute();
        let written = false;
        await mergeSegments(db, 'user', {
          // The batch's pending rows deleted, not yet committed: a sign-up's trigger now.
          beforeCommit: async () => {
            if (written) return;
            await db.kysely.connection().execute(async (other) => {
              await sql`set session innodb_lock_wait_timeout = 1`.execute(other);
              await other
                .insertInto('user')
                .values(member(3, 'third', 'Three'))
                .execute();
            });
            written = true;
          },
        });
        expect(written).toBe(true);
        // Its pending row came after the batch: the same merge took it next.
        expect(await pendingIds(db)).toEqual([]);
        expect(await segmentPostings(db)).toContain('thr 3');
      });
    },
    SLOW,
  );

  it(
    'leaves a write committed after a later one pending, not deleted unmerged',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateToLatest(db);
        let merging: Promise<number> | undefined;
        // The slow write takes the first pending seq; the quick one takes the next and commits
        // first; the merge's batch ends past the slow one's seq before it commits.
        await db.kysely.transaction().execute(async (slow) => {
          await slow
            .insertInto('user')
            .values(member(1, 'slowpoke', 'Late Commit'))
            .execute();
          await db.kysely
            .insertInto('user')
            .values(member(2, 'quick', 'Early Commit'))
            .execute();
          merging = mergeSegments(db, 'user');
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        });
        expect(await merging).toBe(1);
        expect(await pendingIds(db)).toEqual([1]);
        expect(await mergeSegments(db, 'user')).toBe(1);
        expect(missing(await segmentPostings(db), await rowPostings(db))).toEqual([]);
        expect(await segmentPostings(db)).toContain('slo 1');
      });
    },
    SLOW,
  );

  it(
    'merges on its timer: a thousand waiting at once, a few once they have waited five seconds',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateToLatest(db);
        const schedule = scheduleSegmentMerges(db, (error) => {
          throw error;
        });
        try {
          const members = Array.from({ length: 1_000 }, (_, i) => member(i + 1, `wave${i}`, 'Sign-up Wave'));
          await db.kysely.insertInto('user').values(members).execute();
          const wave = await waitFor(async () => (await pendingIds(db)).length === 0, 10_000);
          expect(wave, 'a thousand merged within a few ticks').toBe(true);
          // The merge ends once it finds the list empty after compacting: a member written
          // before then would be merged by the same run, not left to wait.
          expect(await waitFor(() => mergeIdle(db), 10_000)).toBe(true);
          await db.kysely
            .insertInto('user')
            .values(member(1_001, 'lonely', 'Only One'))
            .execute();
          // Fewer than a thousand: still pending after two ticks, merged after five seconds.
          await new Promise((resolve) => setTimeout(resolve, 2_500));
          expect(await pendingIds(db)).toEqual([1_001]);
          expect(await waitFor(async () => (await pendingIds(db)).length === 0, 12_000)).toBe(true);
          expect(await segmentPostings(db)).toContain('onl 1001');
        } finally {
          schedule.stop();
        }
      });
    },
    SLOW,
  );

  it(
    'compacts a trigram’s small segments once there are more than eight, keeping every id',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateToLatest(db);
        for (let i = 1; i <= 20; i++) {
          await db.kysely
            .insertInto('user')
            .values(member(i, `qzx${i}`, 'Lone'))
            .execute();
          await mergeSegments(db, 'user');
        }
        const { rows } = await sql<{
          n: number;
          ids: Uint8Array;
        }>`select n, ids from ${sql.table('user_tseg')}
          where trigram = 'qzx'`.execute(db.kysely);
        expect(rows.length).toBeLessThanOrEqual(8);
        const ids = rows.flatMap((row) => [...decodeIds(row.ids)]).sort((a, b) => a - b);
        expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect(missing(await segmentPostings(db), await rowPostings(db))).toEqual([]);
      });
    },
    SLOW,
  );

  it(
    '0037 fills the segments with the side table’s postings, and its down makes the side table again',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, '0036-joined-trigram-removal');
        const members = Array.from({ length: 1_200 }, (_, i) =>
          member(i + 1, `user${i}`, `快乐 Nick ${i % 37}`),
        );
        for (let i = 0; i < members.length; i += 400)
          await db.kysely
            .insertInto('user')
            .values(members.slice(i, i + 400))
            .execute();
        const side = await sidePostings(db);
        expect(side.length).toBeGreaterThan(20_000);
        await migrateToLatest(db);
        expect(await segmentPostings(db)).toEqual(side);
        expect(await pendingIds(db)).toEqual([]);
        await migrateDownThrough(db, '0037-member-segments');
        expect(await sidePostings(db)).toEqual(side);
        const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = database() and table_name like '%user\\_t%' order by name`.execute(db.kysely);
        expect(rows.map((row) => row.name)).toEqual(['ba_user_trigram']);
      });
    },
    SLOW,
  );

  it(
    '0037 run again, as after a run cut off before it was recorded, makes the segments whole',
    async () => {
      if (!mysql) return;
      await withScratchDatabase(mysql, async (db) => {
        await migrateUpTo(db, '0036-joined-trigram-removal');
        await db.kysely
          .insertInto('user')
          .values([member(1, 'before', 'Cut Off'), member(2, 'meanwhile', 'Written')])
          .execute();
        await migrateToLatest(db);
        // Its triggers and segments there already, the side table gone.
        await memberSegmentsMigration('mysql', db.prefix).up(db.kysely);
        expect(await pendingIds(db)).toEqual([]);
        expect(await segmentPostings(db)).toEqual(await rowPostings(db));
        await db.kysely
          .insertInto('user')
          .values(member(3, 'after', 'Posted'))
          .execute();
        expect(await pendingIds(db)).toEqual([3]);
      });
    },
    SLOW,
  );
});

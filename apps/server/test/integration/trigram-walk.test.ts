/**
 * MySQL/MariaDB: a `%text%` list in id order walks the table from the order's end when a sample
 * of the rarest trigram's postings shows the page's matches lie near it, and reads the postings
 * otherwise (crud/trigram-walk.ts). Reading 50,000 postings of a broad word sorted them all
 * first (240 ms on a million products) where the walk met a page within 2,500 rows. The
 * thresholds are scaled down here so a few thousand members show both sides; either way the
 * list answers the rows a plain query does.
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST } from '../../src/areas/members/user.resource.js';
import { listDialect } from '../../src/crud/list-dialect.js';
import { parseListParams } from '../../src/crud/list-params.js';
import { planTrigrams } from '../../src/crud/trigram-search.js';
import type { WalkTuning } from '../../src/crud/trigram-walk.js';
import { testDatabases } from '../support/databases.js';
import { insertMembers } from '../support/member.js';
import { call, loginSuper, startTestApp, type TestApp } from '../support/test-app.js';

const mysql = testDatabases().some((f) => f.dialect === 'mysql');

/** Oldest 1,000: `autumn…` (clustered far from the newest); newest 2,000: every 4th a `lamp`. */
const OLD = 1_000;
const NEW = 2_000;
const LAMB = OLD + 7;
const name = (i: number) => {
  if (i < OLD) return `autumn${i}`;
  if (i === LAMB) return `lamb${i}`;
  return i % 4 === 0 ? `lamp${i}` : `plenty${i}`;
};

/** A page of 10 needs 61 matches: the newest lamps hold them within 4 × 61 = 244 ids. */
const TUNING: WalkTuning = { probeFrom: 0, sample: 500, walkRows: 300 };

describe.skipIf(!mysql)('trigram postings or a walk along the ids [mysql]', () => {
  let t: TestApp;
  let token = '';

  beforeAll(async () => {
    t = await startTestApp('mysql');
    token = (await loginSuper(t)).token;
    await insertMembers(t.ctx, OLD + NEW, (i) => ({ username: name(i) }));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The trigram starts the list reads for a quick search ([] is the walk). */
  const readsPostings = async (text: string, order: string) => {
    const params = parseListParams({ quickSearch: text, order, limit: 10 }, USER_LIST);
    const plan = await planTrigrams(t.ctx.db, listDialect('mysql'), USER_LIST, params, TUNING);
    return (plan.picks.get(`user ${text}`)?.starts.length ?? 0) > 0;
  };

  it('walks from the end its matches lie near, and reads postings from the other end', async () => {
    expect(await readsPostings('lamp', 'id,desc')).toBe(false);
    expect(await readsPostings('lamp', 'id,asc')).toBe(true);
    expect(await readsPostings('autumn', 'id,asc')).toBe(false);
    expect(await readsPostings('autumn', 'id,desc')).toBe(true);
  });

  it('reads postings for a rare text whose trigrams are common', async () => {
    // `lam` is in every lamp, `lamb` in one row: the walk would check the whole table.
    expect(await readsPostings('lamb', 'id,desc')).toBe(true);
  });

  it('answers the rows of a plain query either way', async () => {
    for (const [text, order] of [
      ['lamp', 'id,desc'],
      ['lamp', 'id,asc'],
      ['autumn', 'id,desc'],
      ['lamb', 'id,desc'],
    ] as const) {
      const res = await call(t.app, 'GET', '/admin/user.User/index', {
        token,
        query: stringify({ quickSearch: text, order, limit: 10 }),
      });
      expect(res.code, res.msg).toBe(1);
      const direction = order.endsWith('desc') ? 'desc' : 'asc';
      const { rows } = await sql<{ username: string }>`select username from ${sql.table('user')}
        where username like ${`%${text}%`} order by id ${sql.raw(direction)} limit 10`.execute(
        t.ctx.db.kysely,
      );
      expect(res.data.list.map((row: { username: string }) => row.username)).toEqual(
        rows.map((row) => row.username),
      );
    }
  });
});

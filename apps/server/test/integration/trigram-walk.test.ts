/**
 * MySQL/MariaDB: a `%text%` list in id order walks the table from the order's end when a sample
 * of the rarest trigram's postings shows the page's matches lie near it, and reads the postings
 * otherwise (crud/trigram-walk.ts). Reading 50,000 postings of a broad word sorted them all
 * first (240 ms on a million products) where the walk met a page within 2,500 rows. The
 * thresholds are scaled down here so a few thousand admin-log entries show both sides; either
 * way the list answers the rows a plain query does. (The members' index is segments since
 * migration 0037: test/integration/segment-search.test.ts.)
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDialect } from '../../src/crud/list-dialect.js';
import { parseListParams } from '../../src/crud/list-params.js';
import { planTrigrams, trigramCandidates } from '../../src/crud/trigram-search.js';
import type { WalkTuning } from '../../src/crud/trigram-walk.js';
import { ADMIN_LOG_LIST } from '../../src/features/admin-log/admin-log.resource.js';
import { testDatabases } from '../support/databases.js';
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
    await insertEntries(Array.from({ length: OLD + NEW }, (_, i) => name(i)));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Admin-log entries with these titles, in this order (ids ascending). */
  const insertEntries = async (titles: string[]) => {
    for (let i = 0; i < titles.length; i += 500)
      await t.ctx.db.kysely
        .insertInto('admin_log')
        .values(
          titles.slice(i, i + 500).map((title) => ({
            admin_id: 1,
            username: 'admin',
            url: '/admin/test',
            title,
            data: '',
            ip: '127.0.0.1',
            useragent: 'test',
            create_time: 1_700_000_000,
          })),
        )
        .execute();
  };

  /** The trigram starts the list reads for a quick search ([] is the walk). */
  const readsPostings = async (text: string, order: string) => {
    const params = parseListParams({ quickSearch: text, order, limit: 10 }, ADMIN_LOG_LIST);
    const plan = await planTrigrams(t.ctx.db, listDialect('mysql'), ADMIN_LOG_LIST, params, {}, TUNING);
    return (plan.picks.get(`admin_log ${text}`)?.starts.length ?? 0) > 0;
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
      const res = await call(t.app, 'GET', '/admin/auth.AdminLog/index', {
        token,
        query: stringify({ quickSearch: text, order, limit: 10 }),
      });
      expect(res.code, res.msg).toBe(1);
      const direction = order.endsWith('desc') ? 'desc' : 'asc';
      const { rows } = await sql<{ title: string }>`select title from ${sql.table('admin_log')}
        where title like ${`%${text}%`} order by id ${sql.raw(direction)} limit 10`.execute(t.ctx.db.kysely);
      expect(res.data.list.map((row: { title: string }) => row.title)).toEqual(rows.map((row) => row.title));
    }
  });

  it('reads a row only where the postings hold the text’s other trigrams too', async () => {
    // `kqzvw`: `kqz` in 200 titles, `qzv` in 350, `zvw` in 405, all three in the 5 matches.
    const names = [
      ...Array.from({ length: 5 }, (_, i) => `kqzvw${i}`),
      ...Array.from({ length: 45 }, (_, i) => `kqzv${i}`),
      ...Array.from({ length: 150 }, (_, i) => `kqz${i}`),
      ...Array.from({ length: 300 }, (_, i) => `qzv${i}`),
      ...Array.from({ length: 400 }, (_, i) => `zvw${i}`),
    ];
    await insertEntries(names);
    const params = parseListParams({ quickSearch: 'kqzvw', limit: 10 }, ADMIN_LOG_LIST);
    const plan = await planTrigrams(t.ctx.db, listDialect('mysql'), ADMIN_LOG_LIST, params);
    const candidates = trigramCandidates('admin_log', 'kqzvw', plan);
    if (!candidates) throw new Error('kqzvw: read no postings');
    const id = sql.ref('admin_log.id');
    const { rows } = await sql<{
      ANALYZE: string;
    }>`analyze format=json select ${id} from ${sql.table('admin_log')}
      where ${candidates} and ${sql.ref('admin_log.title')} like '%kqzvw%'`.execute(t.ctx.db.kysely);
    const lookups = rowLookups(JSON.parse(rows[0]?.ANALYZE ?? '{}'), `${t.ctx.db.prefix}admin_log`);
    // The entries read: the five matches, not the 200 postings of the rarest trigram
    // (MariaDB's semi-join looked each up before checking the second trigram) nor the 50 that
    // hold two of the three.
    expect(lookups).toBe(5);
  });
});

/** The rows ANALYZE saw read from `table`: its loops times the rows of each, over the plan. */
function rowLookups(plan: unknown, table: string): number {
  if (!plan || typeof plan !== 'object') return 0;
  const node = plan as Record<string, unknown>;
  const own = node.table_name === table ? Number(node.r_loops ?? 0) * Number(node.r_rows ?? 0) : 0;
  return Object.values(node).reduce<number>((sum, child) => sum + rowLookups(child, table), own);
}

/**
 * MySQL/MariaDB: a members' search read from the segmented index (crud/segment-search.ts) lists
 * the rows a plain query does, by every path it can take: the candidates whole, sorted out of
 * id order, checked a chunk at a time from the order's end, or the walk; for matches in one old
 * stretch, spread, in one row or none, both directions, first and later pages. Some members are
 * merged into segments, others still pending, and one merged member's nickname changed since
 * (its old trigrams still in a segment), so every candidate source is in play. The thresholds
 * are scaled down so a few thousand members take each path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST } from '../../src/areas/members/user.resource.js';
import { listDialect } from '../../src/crud/list-dialect.js';
import { type ListParams, parseListParams } from '../../src/crud/list-params.js';
import { applyListFilters, applyListOrder } from '../../src/crud/list-query.js';
import { PAGES_AHEAD } from '../../src/crud/list-total.js';
import { idsAmong, SEGMENT_TUNING, type SegmentTuning } from '../../src/crud/segment-search.js';
import { planTrigrams } from '../../src/crud/trigram-search.js';
import { mergeSegments } from '../../src/db/segment-merge.js';
import { testDatabases } from '../support/databases.js';
import { insertMembers } from '../support/member.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const mysql = testDatabases().some((f) => f.dialect === 'mysql');
const dialect = listDialect('mysql');

const MERGED = 3_000;
const PENDING = 200;
/** Members 300 to 899 joined together: their nicknames end in `Club`; so do the pending ones. */
const STRETCH = { first: 300, last: 899 };
const LONE = 2_000;

function nickname(i: number): string {
  if (i === LONE) return 'Solitary Heron';
  const spread = i % 7 === 0 ? 'Spread Maple' : 'Quiet Tiger';
  return (i >= STRETCH.first && i <= STRETCH.last) || i >= MERGED ? `${spread} Club` : spread;
}

const TEXTS = [
  'quiet tiger',
  'club',
  'spread maple',
  'maple club',
  'solitary heron',
  'renamed',
  'zebra crossing',
];

/** Thresholds that send these few thousand members down each path. */
const PATHS: Record<string, { tuning: Partial<SegmentTuning>; large: boolean }> = {
  whole: { tuning: { stretched: 1e9, sorted: 1e9 }, large: true },
  checked: { tuning: { stretched: 0, sorted: 1e9, chunk: 4, chunkMost: 64 }, large: true },
  'small table': { tuning: { stretched: 0, sorted: 1e9 }, large: false },
  walk: { tuning: { postings: 0 }, large: true },
  'too many pending': { tuning: { pending: 10 }, large: true },
};

describe.skipIf(!mysql)('a segmented search lists what a plain query does [mysql]', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('mysql');
    await insertMembers(t.ctx, MERGED, (i) => ({ username: `member${i}`, nickname: nickname(i) }));
    expect(await mergeSegments(t.ctx.db, 'user')).toBe(MERGED);
    // Merged as `Quiet Tiger`: its segments still post it there; pending now as `Renamed`.
    await t.ctx.db.kysely
      .updateTable('user')
      .set({ nickname: 'Renamed Lark' })
      .where('username', '=', 'member5')
      .execute();
    await insertMembers(t.ctx, PENDING, (i) => ({ username: `late${i}`, nickname: nickname(MERGED + i) }));
  });

  afterAll(async () => {
    await t?.close();
  });

  const base = () => t.ctx.db.kysely.selectFrom('user').select(['user.id', 'user.nickname']);

  /** A page and the count window's matches, read with the segments' candidates or plainly. */
  async function read(params: ListParams, path?: (typeof PATHS)[string]) {
    const listed = () => applyListFilters(base(), USER_LIST, params, dialect);
    const trigrams = path
      ? await planTrigrams(t.ctx.db, dialect, USER_LIST, params, {
          verify: idsAmong(listed(), 'user.id'),
          large: async () => path.large,
          segments: { ...SEGMENT_TUNING, ...path.tuning },
        })
      : undefined;
    const filtered = applyListFilters(base(), USER_LIST, params, dialect, { trigrams });
    const ordered = applyListOrder(filtered, USER_LIST, params);
    const page = await ordered
      .limit(params.limit)
      .offset((params.page - 1) * params.limit)
      .execute();
    const window = (params.page + PAGES_AHEAD) * params.limit;
    const counted = await ordered.limit(window + 1).execute();
    return { page: page.map((row) => row.id), counted: counted.length };
  }

  it('lists the same page and count window by every path, shape, direction and page', async () => {
    let compared = 0;
    for (const text of TEXTS)
      for (const order of ['id,desc', 'id,asc', 'create_time,desc'])
        for (const search of ['quick', 'like'] as const)
          for (const page of [1, 4]) {
            const query =
              search === 'quick'
                ? { quickSearch: text, order, limit: 10, page }
                : { search: [{ field: 'nickname', operator: 'LIKE', val: text }], order, limit: 10, page };
            const params = parseListParams(query, USER_LIST);
            const plain = await read(params);
            for (const [name, path] of Object.entries(PATHS)) {
              const seen = await read(params, path);
              expect(seen, `${name}: ${search} ${text} ${order} page ${page}`).toEqual(plain);
              compared++;
            }
          }
    expect(compared).toBe(TEXTS.length * 3 * 2 * 2 * Object.keys(PATHS).length);
  });

  it('checks only the candidates the page and its window need, from the end of the order', async () => {
    const params = parseListParams({ quickSearch: 'club', order: 'id,desc', limit: 10 }, USER_LIST);
    const listed = applyListFilters(base(), USER_LIST, params, dialect);
    const plan = await planTrigrams(t.ctx.db, dialect, USER_LIST, params, {
      verify: idsAmong(listed, 'user.id'),
      large: async () => true,
      segments: { ...SEGMENT_TUNING, ...PATHS.checked?.tuning },
    });
    // 802 members hold `club`; the page and its window need 61: the chunks of 4, 8, 16, 32, 64
    // hold 124, from the pending ids past the merged ones and the newest merged stretch.
    expect(plan.picks.get('user club')?.ids).toHaveLength(124);
  });

  it('finds the pending members and the renamed one, and not the old name of the renamed', async () => {
    const params = parseListParams({ quickSearch: 'renamed lark', limit: 10 }, USER_LIST);
    expect((await read(params, PATHS.whole)).page).toHaveLength(1);
    const late = parseListParams(
      { search: [{ field: 'username', operator: 'LIKE', val: 'late1' }], limit: 200 },
      USER_LIST,
    );
    // late1, late10-19, late100-199: pending only.
    expect((await read(late, PATHS.whole)).counted).toBe(111);
  });
});

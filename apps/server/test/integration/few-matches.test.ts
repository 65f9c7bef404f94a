/**
 * A member search's path follows how many rows it matches. PostgreSQL: a search matching a few
 * rows that were created together, far from the newest ids, is read from the trigram index
 * (crud/few-matches.ts) rather than by walking the ids from the newest; a broad one still
 * walks. SQLite: a broad search walks the rows instead of gathering every FTS match
 * (crud/search-index.ts searchIndexMatches). Either way the list answers the rows a plain query
 * does, on every dialect.
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { USER_LIST } from '../../src/areas/members/user.resource.js';
import { fewTextMatches } from '../../src/crud/few-matches.js';
import { listDialect } from '../../src/crud/list-dialect.js';
import { type ListField, parseListParams } from '../../src/crud/list-params.js';
import { applyListFilters } from '../../src/crud/list-query.js';
import { BROAD, likeKey, quickKey, searchIndexMatches } from '../../src/crud/search-index.js';
import { insertMembers } from '../support/member.js';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

const MEMBERS = 8_000;
/** The first members, together at the oldest ids: `rare…`; the other 7,970 (more than FEW) `plenty…`. */
const RARE = 30;

forEachDatabase('text searches matching few or many rows', (get) => {
  let token = '';

  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    await insertMembers(t.ctx, MEMBERS, (i) => ({ username: i < RARE ? `rare${i}` : `plenty${i}` }));
    // The planner's estimate comes from the statistics, as on a site that has run a while.
    if (t.ctx.db.dialect === 'postgres') await sql`analyze ${sql.table('user')}`.execute(t.ctx.db.kysely);
  });

  const expectsFew = async (query: Record<string, unknown>) => {
    const t = get();
    const params = parseListParams(query, USER_LIST);
    const filtered = applyListFilters(
      t.ctx.db.kysely.selectFrom('user').selectAll(),
      USER_LIST,
      params,
      listDialect(t.ctx.db.dialect),
    );
    const forms = { indexed: filtered, walked: filtered };
    return (await fewTextMatches(t.ctx.db, listDialect(t.ctx.db.dialect), USER_LIST, params, forms)).narrowed;
  };

  it('reads a rare search from its index on PostgreSQL, and walks a broad one', async () => {
    const postgres = get().ctx.db.dialect === 'postgres';
    expect(await expectsFew({ quickSearch: 'rare' })).toBe(postgres);
    expect(await expectsFew({ search: [{ field: 'username', operator: 'LIKE', val: 'rare1' }] })).toBe(
      postgres,
    );
    expect(await expectsFew({ quickSearch: 'plenty' })).toBe(false);
    // Not a text search: left to the planner.
    expect(await expectsFew({ search: [{ field: 'status', operator: '=', val: 'enable' }] })).toBe(false);
  });

  it('answers the rows of a plain query either way', async () => {
    for (const [query, expected] of [
      [{ quickSearch: 'RARE2' }, (i: number) => i < RARE && `rare${i}`.includes('rare2')],
      [
        { search: [{ field: 'username', operator: 'LIKE', val: 'rare1' }] },
        (i: number) => i < RARE && `rare${i}`.includes('rare1'),
      ],
    ] as const) {
      const res = await call(get().app, 'GET', '/admin/user.User/index', {
        token,
        query: stringify({ ...query, limit: 5 }),
      });
      expect(res.code, res.msg).toBe(1);
      const usernames = Array.from({ length: MEMBERS }, (_, i) => i)
        .filter(expected)
        .reverse()
        .map((i) => `rare${i}`);
      expect(res.data.list.map((m: { username: string }) => m.username)).toEqual(usernames.slice(0, 5));
      expect(res.data.total).toBe(usernames.length);
    }
  });

  it('walks a broad search on SQLite instead of gathering its matches, with the same rows', async () => {
    const t = get();
    expect(MEMBERS - RARE).toBeGreaterThan(BROAD);
    const broadOf = async (query: Record<string, unknown>) => {
      const found = await searchIndexMatches(
        t.ctx.db.kysely,
        listDialect(t.ctx.db.dialect),
        USER_LIST,
        parseListParams(query, USER_LIST),
      );
      return [...found].filter(([, match]) => match === 'broad').map(([key]) => key);
    };
    const sqlite = t.ctx.db.dialect === 'sqlite';
    expect(await broadOf({ quickSearch: 'plenty', order: 'create_time,asc' })).toEqual(
      sqlite ? [quickKey('plenty')] : [],
    );
    expect(await broadOf({ search: [{ field: 'username', operator: 'LIKE', val: 'plenty' }] })).toEqual(
      sqlite ? [likeKey(USER_LIST.fields.username as ListField, 'plenty')] : [],
    );
    expect(await broadOf({ quickSearch: 'rare1', order: 'create_time,asc' })).toEqual([]);
    // A search of few matches keeps them, for the page and its count to read instead of the index.
    const rare = await searchIndexMatches(
      t.ctx.db.kysely,
      listDialect(t.ctx.db.dialect),
      USER_LIST,
      parseListParams({ quickSearch: 'rare1' }, USER_LIST),
    );
    const rareCount = Array.from({ length: RARE }, (_, i) => `rare${i}`).filter((name) =>
      name.includes('rare1'),
    );
    expect(rare.get(quickKey('rare1')) ?? []).toHaveLength(sqlite ? rareCount.length : 0);

    const usernames = (keep: (i: number) => boolean) =>
      Array.from({ length: MEMBERS }, (_, i) => i)
        .filter(keep)
        .map((i) => (i < RARE ? `rare${i}` : `plenty${i}`));
    for (const [query, expected] of [
      [{ quickSearch: 'PLENTY', order: 'create_time,asc' }, usernames((i) => i >= RARE).slice(0, 5)],
      [
        { search: [{ field: 'username', operator: 'LIKE', val: 'plenty' }] },
        usernames((i) => i >= RARE)
          .reverse()
          .slice(0, 5),
      ],
    ] as const) {
      const res = await call(t.app, 'GET', '/admin/user.User/index', {
        token,
        query: stringify({ ...query, limit: 5 }),
      });
      expect(res.code, res.msg).toBe(1);
      expect(res.data.list.map((m: { username: string }) => m.username)).toEqual(expected);
    }
  });
});

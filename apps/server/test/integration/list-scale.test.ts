/**
 * The member list's query shapes at scale keep their meaning: every filter, order and quick
 * search answers the rows a plain reference (filtering and sorting the fixture in JavaScript)
 * says, on every dialect — so the indexes, the trigram paths and paging by key change speed,
 * never answers. Large totals are exact where the table's rows are counted, otherwise marked
 * as estimates or bounds, never shown as exact.
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/crud/list-total.js';
import type { Dialect } from '../../src/db/dialect.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

const MEMBERS = '/admin/user.User/index';

interface Member {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  last_login_ip: string;
  last_login_time: number | null;
  create_time: number;
  gender: number;
  status: string;
}

const NICKNAMES = [
  'Quiet River',
  'quiet river',
  'QUIET RIVER',
  '小明花园',
  '50% off',
  'a_b c',
  'Tiger 12',
  'x',
];

/** Ties in the sorted columns, nulls, ASCII case variants, non-ASCII text, % and _. */
function fixture(firstId: number): Member[] {
  return Array.from({ length: 150 }, (_, i) => ({
    id: firstId + i,
    username: `${['Scale', 'SCALE', 'scale'][i % 3]}_m${i}`,
    nickname: `${NICKNAMES[i % NICKNAMES.length]}`,
    email: `Member${i}@Example.com`,
    mobile: `1380000${String(i).padStart(4, '0')}`,
    last_login_ip: `10.0.${i % 5}.${i % 11}`,
    last_login_time: i % 7 === 0 ? null : 1_700_000_000 + (i % 13) * 100,
    create_time: 1_600_000_000 + (i % 40) * 10,
    gender: i % 3,
    status: i % 4 === 0 ? 'disable' : 'enable',
  }));
}

/** "Contains, ignoring ASCII case" — the meaning of LIKE and quick search on every dialect. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (value: string, text: string) => asciiLower(value).includes(asciiLower(text));

/** The dialect's own order: PostgreSQL sorts nulls above every value, the others below. */
function compare(dialect: Dialect, field: keyof Member, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const nullRank = dialect === 'postgres' ? Infinity : -Infinity;
  return (a: Member, b: Member) => {
    const x = (a[field] as number | null) ?? nullRank;
    const y = (b[field] as number | null) ?? nullRank;
    return x !== y ? (x < y ? -sign : sign) : (a.id - b.id) * sign;
  };
}

type Query = Record<string, unknown>;

forEachDatabase('member list at scale', (get) => {
  let token = '';
  let members: Member[] = [];
  const list = async (query: Query) => {
    const res = await call(get().app, 'GET', MEMBERS, { token, query: stringify(query) });
    expect(res.code, res.msg).toBe(1);
    return res.data as { list: Member[]; total: number; totalKind?: string };
  };
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    members = fixture(5001);
    await t.ctx.db.kysely
      .insertInto('user')
      .values(members.map((m) => ({ ...m, group_id: 1, password: '', salt: '' })))
      .execute();
  });

  /** Every row the list answers for `query`, read page by page by offset. */
  const all = async (query: Query, limit = 40) => {
    const rows: Member[] = [];
    for (let page = 1; ; page++) {
      const data = await list({ ...query, page, limit });
      expect(data.totalKind).toBeUndefined();
      rows.push(...data.list);
      if (data.list.length < limit) {
        expect(data.total).toBe(rows.length);
        return rows;
      }
    }
  };

  const like = (field: keyof Member, val: string): [Query, (m: Member) => boolean] => [
    { search: [{ field, operator: 'LIKE', val }] },
    (m) => contains(String(m[field]), val),
  ];

  it('filters like the reference, with LIKE meaning "contains, ignoring ASCII case"', async () => {
    const cases: [Query, (m: Member) => boolean][] = [
      like('username', 'scale_M1'),
      like('nickname', 'quiet RIVER'),
      like('nickname', '%'),
      like('nickname', '_'),
      like('nickname', '明花'),
      like('nickname', 'cafe'),
      like('nickname', 'CAFé CR'),
      like('email', '@example.COM'),
      like('mobile', '00012'),
      like('last_login_ip', '.0.3.'),
      [{ search: [{ field: 'gender', operator: '=', val: '2' }] }, (m) => m.gender === 2],
      [{ search: [{ field: 'status', operator: '=', val: 'disable' }] }, (m) => m.status === 'disable'],
      [
        { search: [{ field: 'create_time', operator: 'RANGE', val: '1600000100,1600000200' }] },
        (m) => m.create_time >= 1_600_000_100 && m.create_time <= 1_600_000_200,
      ],
      [
        { search: [{ field: 'last_login_time', operator: 'RANGE', val: '1700000300,' }] },
        (m) => m.last_login_time !== null && m.last_login_time >= 1_700_000_300,
      ],
      [{ search: [{ field: 'id', operator: '=', val: '5010' }] }, (m) => m.id === 5010],
    ];
    for (const [query, keep] of cases) {
      const expected = members.filter(keep).sort((a, b) => b.id - a.id);
      expect(ids(await all(query)), JSON.stringify(query)).toEqual(ids(expected));
    }
  });

  it('quick-searches username and nickname alike on every dialect', async () => {
    for (const text of [
      'SCALE_m2',
      'quiet',
      'Quiet River',
      '小明',
      '小明花园',
      '50%',
      '%',
      '_',
      'a_b',
      'r 1',
      'x',
      'zz',
    ]) {
      const expected = members
        .filter((m) => contains(m.username, text) || contains(m.nickname, text))
        .sort((a, b) => b.id - a.id);
      expect(ids(await all({ quickSearch: text })), text).toEqual(ids(expected));
    }
  });

  it('quick-searches within a time range alike, whether the range or the search index leads', async () => {
    const range = { field: 'create_time', operator: 'RANGE', val: '1600000100,1600000250' };
    const inRange = (m: Member) => m.create_time >= 1_600_000_100 && m.create_time <= 1_600_000_250;
    for (const text of ['quiet river', 'SCALE_m1', '小明', 'x']) {
      const matches = members.filter(
        (m) => inRange(m) && (contains(m.username, text) || contains(m.nickname, text)),
      );
      // In id order the range's index picks the candidates; sorted by time the search index does.
      expect(ids(await all({ quickSearch: text, search: [range] })), text).toEqual(
        ids([...matches].sort((a, b) => b.id - a.id)),
      );
      expect(ids(await all({ quickSearch: text, search: [range], order: 'create_time,asc' })), text).toEqual(
        ids([...matches].sort(compare(get().ctx.db.dialect, 'create_time', 'asc'))),
      );
    }
  });

  const orders: [keyof Member, 'asc' | 'desc'][] = [
    ['id', 'desc'],
    ['id', 'asc'],
    ['last_login_time', 'desc'],
    ['last_login_time', 'asc'],
    ['create_time', 'desc'],
    ['create_time', 'asc'],
  ];

  it('sorts each sortable column both ways like the reference, the id breaking ties', async () => {
    for (const [field, direction] of orders) {
      const expected = [...members].sort(compare(get().dialect, field, direction));
      expect(ids(await all({ order: `${field},${direction}` })), `${field} ${direction}`).toEqual(
        ids(expected),
      );
    }
  });

  /** The key a client sends for a row: its id and the sorted column's value. */
  const key = (row: Member, field: keyof Member) =>
    field === 'id' ? { id: row.id } : { id: row.id, value: row[field] ?? '' };

  it('pages by key forwards and backwards to the same pages as by offset', async () => {
    const limit = 7;
    for (const [field, direction] of orders) {
      const filters = [
        {},
        { search: [{ field: 'status', operator: '=', val: 'enable' }] },
        // A range of an indexed column in id order takes the page's ids from that index.
        { search: [{ field: 'create_time', operator: 'RANGE', val: '1600000050,1600000300' }] },
      ];
      for (const filter of filters) {
        const query = { ...filter, order: `${field},${direction}`, limit };
        const byOffset: Member[][] = [];
        for (let page = 1; ; page++) {
          const rows = (await list({ ...query, page })).list;
          if (rows.length === 0) break;
          byOffset.push(rows);
        }
        const label = `${field} ${direction} ${JSON.stringify(filter)}`;
        // Forwards: each page asked with the last row of the one before.
        for (let page = 2; page <= byOffset.length; page++) {
          const shown = byOffset[page - 2] as Member[];
          const seek = { page: page - 1, last: key(shown[shown.length - 1] as Member, field) };
          expect(ids((await list({ ...query, page, seek })).list), `${label} page ${page}`).toEqual(
            ids(byOffset[page - 1] as Member[]),
          );
        }
        // Backwards: each page asked with the first row of the one after.
        for (let page = byOffset.length - 1; page >= 1; page--) {
          const shown = byOffset[page] as Member[];
          const seek = { page: page + 1, first: key(shown[0] as Member, field) };
          expect(ids((await list({ ...query, page, seek })).list), `${label} back ${page}`).toEqual(
            ids(byOffset[page - 1] as Member[]),
          );
        }
      }
    }
  });

  it('jumps a few pages from the key to the same page as by offset', async () => {
    for (const [field, direction] of orders) {
      const query = { order: `${field},${direction}`, limit: 6 };
      const shown = (await list({ ...query, page: 10 })).list;
      const seek = { page: 10, first: key(shown[0] as Member, field), last: key(shown[5] as Member, field) };
      for (const page of [13, 25, 7, 2, 1]) {
        const byOffset = (await list({ ...query, page })).list;
        const byKey = (await list({ ...query, page, seek })).list;
        expect(ids(byKey), `${field} ${direction} from 10 to ${page}`).toEqual(ids(byOffset));
      }
    }
  });

  it('refuses a malformed key', async () => {
    const res = await call(get().app, 'GET', MEMBERS, {
      token,
      query: stringify({ page: 2, seek: { page: 1, last: { id: 'x' } } }),
    });
    expect(res.code).toBe(0);
    expect(res.msg).toContain('seek');
  });
});

describe('list totals past the count cap', () => {
  forEachDatabase('admin log totals', (get) => {
    let token = '';
    const logs = async (query: Query) => {
      const res = await call(get().app, 'GET', '/admin/auth.AdminLog/index', {
        token,
        query: stringify(query),
      });
      expect(res.code, res.msg).toBe(1);
      return res.data as { list: { id: number }[]; total: number; totalKind?: string };
    };

    beforeAll(async () => {
      const t: TestApp = get();
      token = (await loginSuper(t)).token;
      const rows = Array.from({ length: COUNT_CAP + 50 }, (_, i) => ({
        admin_id: 1,
        username: 'admin',
        url: `/admin/bulk/${i}`,
        title: i < 30 ? 'Rare title' : 'Bulk title',
        data: '',
        ip: '127.0.0.1',
        useragent: 'test',
        create_time: 1_700_000_000 + i,
      }));
      for (let i = 0; i < rows.length; i += 1000) {
        await t.ctx.db.kysely
          .insertInto('admin_log')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
    });

    it('counts the whole table exactly, from the counts kept by triggers', async () => {
      const data = await logs({ limit: 10 });
      expect(data.totalKind).toBeUndefined();
      const { n } = await get()
        .ctx.db.kysely.selectFrom('admin_log')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(data.total).toBe(Number(n));
      expect(data.total).toBeGreaterThan(COUNT_CAP);
      expect(data.list).toHaveLength(10);
    });

    it('estimates the whole table as "about" where it is not counted, never less than it counted', async () => {
      const { kysely } = get().ctx.db;
      const slots = await kysely
        .selectFrom('row_count')
        .selectAll()
        .where('table_name', '=', 'admin_log')
        .execute();
      // As where MySQL refused the counting triggers: no slots.
      await kysely.deleteFrom('row_count').where('table_name', '=', 'admin_log').execute();
      try {
        const data = await logs({ limit: 10 });
        expect(data.totalKind).toBe('about');
        expect(data.total).toBeGreaterThan(COUNT_CAP);
        expect(data.list).toHaveLength(10);
      } finally {
        await kysely.insertInto('row_count').values(slots).execute();
      }
    });

    it('bounds a large filtered result as "at least", and counts a small one exactly', async () => {
      const broad = await logs({ search: [{ field: 'title', operator: 'LIKE', val: 'bulk' }] });
      expect(broad).toMatchObject({ total: COUNT_CAP, totalKind: 'atLeast' });
      const quick = await logs({ quickSearch: 'Bulk title' });
      expect(quick).toMatchObject({ total: COUNT_CAP, totalKind: 'atLeast' });
      const rare = await logs({ quickSearch: 'rare TITLE' });
      expect(rare.total).toBe(30);
      expect(rare.totalKind).toBeUndefined();
      // The newest first, on either side of the count cap (SQLite reads few matches ascending).
      const newest = async (title: string) =>
        (
          await get()
            .ctx.db.kysely.selectFrom('admin_log')
            .select('id')
            .where('title', '=', title)
            .orderBy('id', 'desc')
            .limit(10)
            .execute()
        ).map((row) => row.id);
      expect(quick.list.map((row) => row.id)).toEqual(await newest('Bulk title'));
      expect(rare.list.map((row) => row.id)).toEqual(await newest('Rare title'));
    });
  });
});

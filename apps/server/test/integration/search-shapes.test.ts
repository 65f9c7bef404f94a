/**
 * A text search answers the rows a plain query does wherever its matches lie: in one stretch
 * of members who joined together long ago, spread over the table, in one row or in none, in
 * both directions of the id order, by quick search and by a LIKE filter, on the first page and
 * a later one. The paths differ per database (SQLite: the FTS index read in rowid order;
 * PostgreSQL: a probe of the order's end, then the walk or the sorted matches; MariaDB: the
 * trigram postings or a sampled walk); the rows must not.
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { USER_LIST } from '../../src/areas/members/user.resource.js';
import { fewTextMatches, type MatchTuning, type TextMatches } from '../../src/crud/few-matches.js';
import { listDialect } from '../../src/crud/list-dialect.js';
import { type ListParams, parseListParams } from '../../src/crud/list-params.js';
import { applyListFilters } from '../../src/crud/list-query.js';
import { matchesFrom } from '../../src/crud/match-stretch.js';
import { plannedRows } from '../../src/crud/table-estimate.js';
import { narrowestWord } from '../../src/crud/word-candidates.js';
import { insertMembers } from '../support/member.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

const MEMBERS = 3_000;
/** Members 300 to 899 joined together: their nicknames end in `Club`. */
const STRETCH = { first: 300, last: 899 };
const LONE = 2_000;

/** Every member's nickname, by its place (0-based) in the order of insertion, which is the ids'. */
function nickname(i: number): string {
  if (i === LONE) return 'Solitary Heron';
  const spread = i % 7 === 0 ? 'Spread Maple' : 'Quiet Tiger';
  return i >= STRETCH.first && i <= STRETCH.last ? `${spread} Club` : spread;
}

const SHAPES = {
  // Six members in seven: more than SQLite's index reads ascending first (search-index.ts).
  broad: 'quiet tiger',
  stretch: 'club',
  spread: 'spread maple',
  'spread within the stretch': 'maple club',
  'one row': 'solitary heron',
  none: 'zebra crossing',
} as const;

forEachDatabase('text searches, wherever their matches lie', (get) => {
  let token = '';
  let firstId = 0;

  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    await insertMembers(t.ctx, MEMBERS, (i) => ({ username: `member${i}`, nickname: nickname(i) }));
    const first = await t.ctx.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'member0')
      .executeTakeFirstOrThrow();
    firstId = first.id;
    if (t.ctx.db.dialect === 'postgres') await sql`analyze ${sql.table('user')}`.execute(t.ctx.db.kysely);
  });

  /** The nicknames a plain query lists: every match, in the order asked. */
  const expected = (text: string, direction: 'asc' | 'desc') => {
    const all = Array.from({ length: MEMBERS }, (_, i) => nickname(i))
      .map((name, i) => ({ name, id: firstId + i }))
      .filter(({ name }) => name.toLowerCase().includes(text));
    return direction === 'desc' ? all.reverse() : all;
  };

  it('lists the same rows as a plain query, for every shape, both ways, by quick search and LIKE', async () => {
    const t = get();
    for (const [shape, text] of Object.entries(SHAPES))
      for (const direction of ['desc', 'asc'] as const)
        for (const search of ['quick', 'like'] as const)
          for (const page of [1, 3]) {
            const query =
              search === 'quick'
                ? { quickSearch: text }
                : { search: [{ field: 'nickname', operator: 'LIKE', val: text }] };
            const res = await call(t.app, 'GET', '/admin/user.User/index', {
              token,
              query: stringify({ ...query, order: `id,${direction}`, page, limit: 10 }),
            });
            const what = `${shape} (${text}), ${search}, ${direction}, page ${page}`;
            expect(res.code, `${what}: ${res.msg}`).toBe(1);
            const matches = expected(text, direction);
            const listed = res.data.list.map((m: { id: number; nickname: string }) => ({
              name: m.nickname,
              id: m.id,
            }));
            expect(listed, what).toEqual(matches.slice((page - 1) * 10, page * 10));
            if (matches.length <= 80) expect(res.data.total, what).toBe(matches.length);
            else expect(res.data.total, what).toBeGreaterThanOrEqual(80);
          }
  });

  it('PostgreSQL: walks a broad search whose page lies near the order’s end, and sorts the matches of one that does not', async () => {
    const t = get();
    if (t.ctx.db.dialect !== 'postgres') return;
    // Scaled down: 600 stretch matches count as broad; the probe covers the last 350 ids. A page
    // of ten (the default) with its count window needs 61 matches there.
    const tuning = { few: 300, probeIds: 350, sortable: 400, samples: 100, reach: 350, spreadWalk: 500 };
    const sortsMatches = async (text: string, direction: 'asc' | 'desc') =>
      (await planSearch(t, tuning, text, direction)).narrowed;
    // The stretch lies 2,100 ids from the newest: the walk would read them all first.
    expect(await sortsMatches('club', 'desc')).toBe(true);
    // From the oldest, it starts 300 ids in: the probe holds 50 of them, short of the window.
    expect(await sortsMatches('club', 'asc')).toBe(true);
    // Six members in seven, everywhere: the probe holds 300, enough for the window.
    expect(await sortsMatches('quiet tiger', 'desc')).toBe(false);
    expect(await sortsMatches('quiet tiger', 'asc')).toBe(false);
    // A time range's stretch of ids bounds the walk: no probe of the table's end.
    const params = parseListParams({ quickSearch: 'club' }, USER_LIST);
    const filtered = applyListFilters(
      t.ctx.db.kysely.selectFrom('user').selectAll(),
      USER_LIST,
      params,
      listDialect('postgres'),
    );
    expect(
      await fewTextMatches(
        t.ctx.db,
        listDialect('postgres'),
        USER_LIST,
        params,
        { indexed: filtered, walked: filtered },
        { spanned: true, tuning },
      ),
    ).toEqual({ narrowed: false, walks: true });
    // Few matches (by the planner's estimate): sorted, as before.
    expect(await sortsMatches('solitary heron', 'desc')).toBe(true);
  });

  it('PostgreSQL: reads a far stretch’s first matches from a sampled one, exactly those of a plain query', async () => {
    const t = get();
    if (t.ctx.db.dialect !== 'postgres') return;
    // Scaled down as above, with the probe's window short of the stretch's oldest 20 matches
    // (ten of its ids sampled would count 32 per match seen, short of the 61 needed): 100 ids
    // sampled, the walk from the sampled match within 350 ids.
    const tuning = { few: 300, probeIds: 320, sortable: 400, samples: 100, reach: 350, spreadWalk: 200 };
    const plan = (text: string, direction: 'asc' | 'desc', page: number, tuned = tuning) =>
      planSearch(t, tuned, text, direction, page);
    /** The ids a plan's page and count window are read from, in the list's order. */
    const idsWithin = async ({ within }: TextMatches, direction: 'asc' | 'desc') => {
      if (!within) return null;
      const rows = await t.ctx.db.kysely
        .selectFrom('user')
        .select('id')
        .where(within)
        .orderBy('id', direction)
        .execute();
      return rows.map((row) => row.id);
    };
    /** A plain query's first matches: the page's and its count window's, and one more. */
    const first = (text: string, direction: 'asc' | 'desc', page: number) =>
      expected(text, direction)
        .slice(0, (page + 5) * 10 + 1)
        .map(({ id }) => id);
    // The read past the sampled point narrows the trigram bitmap through the BRIN index on id + 0.
    const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where indexname = ${`${t.ctx.db.prefix}user_id_brin`}`.execute(t.ctx.db.kysely);
    expect(index.rows[0]?.indexdef).toMatch(/using brin \(\(\(id \+ 0\)\)\)/i);
    for (const direction of ['desc', 'asc'] as const)
      for (const page of [1, 3]) {
        const what = `club ${direction} page ${page}`;
        const matches = await plan('club', direction, page);
        expect(matches.narrowed, what).toBe(true);
        expect(await idsWithin(matches, direction), what).toEqual(first('club', direction, page));
      }
    // The walk on from the sampled match may not read far enough: the matches are sorted instead.
    const short = await plan('club', 'desc', 1, { ...tuning, reach: 10 });
    expect(short).toEqual({ narrowed: true, walks: false });
    // As few matches as the probe's rows: sorted, without the probe.
    expect(await plan('club', 'desc', 1, { ...tuning, sortable: 1_000 })).toEqual({
      narrowed: true,
      walks: false,
    });
    // Matches near the order's end: the probe's walk found the page and its window, which are
    // read from its ids rather than walked again.
    const near = await plan('quiet tiger', 'desc', 1);
    expect(near.narrowed).toBe(false);
    expect(await idsWithin(near, 'desc')).toEqual(first('quiet tiger', 'desc', 1));
    // One member in seven, too thin near the end for page 2's window (71 matches), not a
    // stretch: a walk meets them within 71 × 3,000 / ~430 ids, where a read past a sampled
    // match would recheck every row sharing the text's trigrams (a log's IPs: 746 ms).
    const thin = await plan('spread maple', 'desc', 2, { ...tuning, spreadWalk: 600 });
    expect(thin.narrowed).toBe(false);
    expect(await idsWithin(thin, 'desc')).toEqual(first('spread maple', 'desc', 2));
    // Unless that walk is longer than allowed: not walked, the matches read as before.
    expect(await plan('spread maple', 'desc', 2)).toEqual({ narrowed: true, walks: false });
  });

  it('PostgreSQL: proves no match lies past the sampled one through one word of the text, then rechecks', async () => {
    const t = get();
    if (t.ctx.db.dialect !== 'postgres') return;
    const dialect = listDialect('postgres');
    const members = () => t.ctx.db.kysely.selectFrom('user').selectAll();
    const refilter = (other: ListParams) => applyListFilters(members(), USER_LIST, other, dialect);
    const words = async (text: string) => {
      const params = parseListParams({ quickSearch: text }, USER_LIST);
      const estimate = (await plannedRows(t.ctx.db, refilter(params))) || 1;
      return (await narrowestWord(t.ctx.db, params, refilter, estimate))?.compile().parameters ?? null;
    };
    // `club` (600 members) is about as rare as `tiger club` (514); `tiger` (2,571) is not.
    expect(await words('tiger club')).toContain('%club%');
    // `maple club` (86): neither `maple` (429) nor `club` is near it; one word is not narrowed.
    expect(await words('maple club')).toBeNull();
    expect(await words('club')).toBeNull();
    // Through the list's own path, both ways: the page and its window are a plain query's.
    const tuning = { few: 300, probeIds: 320, sortable: 400, samples: 100, reach: 350, spreadWalk: 200 };
    for (const direction of ['desc', 'asc'] as const) {
      const matches = await planSearch(t, tuning, 'tiger club', direction, 1);
      expect(matches.narrowed, direction).toBe(true);
      const rows = await members()
        .select('id')
        .where(matches.within ?? sql<boolean>`false`)
        .orderBy('id', direction)
        .execute();
      const plain = await members()
        .select('id')
        .where(sql<boolean>`lower(nickname) like '%tiger club%'`)
        .orderBy('id', direction)
        .limit(61)
        .execute();
      expect(
        rows.map((row) => row.id),
        direction,
      ).toEqual(plain.map((row) => row.id));
    }
    // A word whose candidates past the sampled match are too many to tell (`tiger`, six members
    // in seven, the newest first): the whole text's read answers, with the same ids.
    const params = parseListParams({ quickSearch: 'tiger club', order: 'id,desc' }, USER_LIST);
    const filtered = applyListFilters(members(), USER_LIST, params, dialect);
    const broad = refilter(parseListParams({ quickSearch: 'tiger' }, USER_LIST));
    const from = firstId + STRETCH.last - 50;
    const forms = { indexed: filtered, walked: filtered };
    const exact = await matchesFrom(t.ctx.db, USER_LIST, params, forms, from, 61, 350);
    expect(exact).not.toBeNull();
    expect(
      await matchesFrom(t.ctx.db, USER_LIST, params, { ...forms, narrower: broad }, from, 61, 350),
    ).toEqual(exact);
  });
});

/** PostgreSQL: how fewTextMatches answers the member list's quick search for `text`, scaled by `tuning`. */
function planSearch(t: TestApp, tuning: MatchTuning, text: string, direction: 'asc' | 'desc', page = 1) {
  const params = parseListParams({ quickSearch: text, order: `id,${direction}`, page }, USER_LIST);
  const filtered = applyListFilters(
    t.ctx.db.kysely.selectFrom('user').selectAll(),
    USER_LIST,
    params,
    listDialect('postgres'),
  );
  const forms = { indexed: filtered, walked: filtered };
  const refilter = (other: ListParams) =>
    applyListFilters(
      t.ctx.db.kysely.selectFrom('user').selectAll(),
      USER_LIST,
      other,
      listDialect('postgres'),
    );
  return fewTextMatches(t.ctx.db, listDialect('postgres'), USER_LIST, params, forms, { tuning, refilter });
}

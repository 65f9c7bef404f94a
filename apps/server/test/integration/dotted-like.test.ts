/**
 * A LIKE filter on an IP address column (the members' last sign-in address, the admin log's
 * address) lists the rows a plain case-insensitive "contains" does, on every dialect. On
 * PostgreSQL it reads the column with its dots mapped to x and its x's to dots
 * (db/search-index-sql.ts, dottedValue), so the values here include what that map must not
 * confuse: x and X in values and patterns, dots, IPv6 colons and hex letters in either case,
 * LIKE's own wildcards typed as text. And there the index over the mapped value is what the
 * LIKE reads.
 */
import { CompiledQuery, sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { USER_LIST } from '../../src/areas/members/user.resource.js';
import { fewTextMatches } from '../../src/crud/few-matches.js';
import { listDialect } from '../../src/crud/list-dialect.js';
import { parseListParams } from '../../src/crud/list-params.js';
import { applyListFilters, walkedFormDiffers } from '../../src/crud/list-query.js';
import { insertId } from '../../src/db/insert-id.js';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

/** Addresses, and a few values only a takeover or a module could have written. */
const ADDRESSES = [
  ...Array.from({ length: 400 }, (_, i) => `10.${i % 7}.${i % 13}.${i % 251}`),
  ...Array.from({ length: 40 }, (_, i) => `fe80::${(i * 37).toString(16)}`),
  'FE80::A1',
  '2001:DB8::X',
  'x1.2',
  'X1x2',
  '1x2.3',
  '..',
  'a%b_c!d',
  '',
];

const PATTERNS = [
  '10.3.',
  '.1',
  '1.1',
  '.',
  'x',
  'X1',
  'x1.',
  '1x',
  '::',
  'fe80',
  'FE80::a',
  '9',
  '%b',
  '_c!',
  'no such thing',
];

/** A plain query's answer: ids (in the order asked) whose value holds the text, case aside. */
function holding(values: { id: number; ip: string }[], text: string, negate: boolean, desc: boolean) {
  const ids = values
    .filter(({ ip }) => ip.toLowerCase().includes(text.toLowerCase()) !== negate)
    .map(({ id }) => id);
  return desc ? ids.reverse() : ids;
}

forEachDatabase('LIKE on IP address columns', (get) => {
  let token = '';
  const members: { id: number; ip: string }[] = [];
  const logs: { id: number; ip: string }[] = [];

  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    const db = t.ctx.db;
    // The sign-in wrote log entries of its own: the expected rows start after them.
    await db.kysely.deleteFrom('admin_log').execute();
    for (const [i, ip] of ADDRESSES.entries()) {
      const username = `dotted${i}`;
      members.push({
        id: await insertId(
          db,
          db.kysely
            .insertInto('user')
            .values({ username, nickname: username, group_id: 1, password: '', salt: '', last_login_ip: ip }),
        ),
        ip,
      });
      logs.push({
        id: await insertId(db, db.kysely.insertInto('admin_log').values({ admin_id: 1, title: 'Entry', ip })),
        ip,
      });
    }
    if (db.dialect === 'postgres') {
      for (const table of ['user', 'admin_log'] as const)
        await sql`analyze ${sql.table(table)}`.execute(db.kysely);
    }
  });

  const listed = async (path: string, field: string, operator: string, val: string, order: string) => {
    const res = await call(get().app, 'GET', path, {
      token,
      query: stringify({ search: [{ field, operator, val }], order, limit: 1000 }),
    });
    expect(res.code, `${path} ${field} ${operator} ${val}: ${res.msg}`).toBe(1);
    return (res.data.list as { id: number }[]).map((row) => row.id);
  };

  it('lists the rows a plain contains does, for every pattern, LIKE and NOT LIKE, both ways', async () => {
    const lists = [
      { path: '/admin/user.User/index', field: 'last_login_ip', rows: members },
      { path: '/admin/auth.AdminLog/index', field: 'ip', rows: logs },
    ];
    for (const { path, field, rows } of lists)
      for (const pattern of PATTERNS)
        for (const operator of ['LIKE', 'NOT LIKE'])
          for (const desc of [true, false]) {
            const ids = await listed(path, field, operator, pattern, `id,${desc ? 'desc' : 'asc'}`);
            const what = `${path}: ${field} ${operator} '${pattern}', ${desc ? 'desc' : 'asc'}`;
            expect(ids, what).toEqual(holding(rows, pattern, operator === 'NOT LIKE', desc));
          }
  });

  it('PostgreSQL: reads the index over the mapped value, and no plain index is left on the column', async () => {
    const t = get();
    if (t.ctx.db.dialect !== 'postgres') return;
    const { prefix } = t.ctx.db;
    const { rows: indexes } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where tablename in (${`${prefix}user`}, ${`${prefix}admin_log`})
        and (indexname like '%last_login_ip%' or indexname like '%\\_ip\\_%')`.execute(t.ctx.db.kysely);
    expect(indexes.map((row) => row.name).sort()).toEqual([
      `${prefix}admin_log_ip_dots`,
      `${prefix}user_last_login_ip_dots`,
    ]);
    // The walk along the ids is cheaper for a table this small: the planner is asked whether
    // the list's LIKE can read the index at all.
    const params = parseListParams(
      { search: [{ field: 'last_login_ip', operator: 'LIKE', val: '10.3.' }] },
      USER_LIST,
    );
    await t.ctx.db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      const query = applyListFilters(
        trx.selectFrom('user').select('user.id'),
        USER_LIST,
        params,
        listDialect('postgres'),
      ).compile();
      const { rows: plan } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('user_last_login_ip_dots');
    });
  });

  it('PostgreSQL: a walk along the ids checks the plain LIKE, and meets the rows a plain contains does', async () => {
    const t = get();
    if (t.ctx.db.dialect !== 'postgres') return;
    const dialect = listDialect('postgres');
    const params = parseListParams(
      { search: [{ field: 'last_login_ip', operator: 'LIKE', val: '10.3.' }], order: 'id,desc', limit: 5 },
      USER_LIST,
    );
    expect(walkedFormDiffers(USER_LIST, params, dialect)).toBe(true);
    const forms = {
      indexed: applyListFilters(t.ctx.db.kysely.selectFrom('user').selectAll(), USER_LIST, params, dialect),
      walked: applyListFilters(t.ctx.db.kysely.selectFrom('user').selectAll(), USER_LIST, params, dialect, {
        walked: true,
      }),
    };
    // The mapped form costs every row walked a translate() (twice the check at ten million log
    // entries); only the index read needs it.
    expect(forms.indexed.compile().sql).toContain('translate(');
    expect(forms.walked.compile().sql).not.toContain('translate(');
    // Scaled down so the matches (one address in seven) count as broad and the order's end is walked.
    const tuning = { few: 1, probeIds: 1_000, sortable: 1, samples: 100, reach: 1_000, spreadWalk: 1_000 };
    const text = await fewTextMatches(t.ctx.db, dialect, USER_LIST, params, forms, { tuning });
    expect(text).toMatchObject({ narrowed: false, walks: true });
    const within = await t.ctx.db.kysely
      .selectFrom('user')
      .select('id')
      .where(text.within ?? sql<boolean>`false`)
      .orderBy('id', 'desc')
      .execute();
    // The page and its count window: five pages ahead of the first, and one more row.
    expect(within.map((row) => row.id)).toEqual(holding(members, '10.3.', false, true).slice(0, 31));
  });
});

/**
 * Balances, points and their logs are 32-bit integer columns (cents, points).
 * An amount or a resulting value outside that range is refused with a clear message on
 * every dialect — never an HTTP 500, never a silently clamped or wrapped value — and the
 * refused step changes nothing.
 */
import { expect, it } from 'vitest';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

const MAX = 2_147_483_647;
const MIN = -2_147_483_648;

const MONEY_AMOUNT_RANGE = 'The change amount must be between -21474836.48 and 21474836.47';
const SCORE_AMOUNT_RANGE = 'The change amount must be between -2147483648 and 2147483647';

async function addMember(t: TestApp, token: string, username: string): Promise<number> {
  const added = await call(t.app, 'POST', '/admin/user.User/add', {
    token,
    body: { username, nickname: username, group_id: 1, password: 'member-pass-1', status: 'enable' },
  });
  expect(added.code).toBe(1);
  const row = await t.ctx.db.kysely
    .selectFrom('user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function balances(t: TestApp, id: number) {
  return t.ctx.db.kysely
    .selectFrom('user')
    .select(['money', 'score'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function logCount(t: TestApp, table: 'user_money_log' | 'user_score_log', id: number) {
  const rows = await t.ctx.db.kysely.selectFrom(table).select('id').where('user_id', '=', id).execute();
  return rows.length;
}

forEachDatabase('balance and points range', (get) => {
  const adjust = (t: TestApp, token: string, kind: 'money' | 'score', user_id: number, amount: unknown) =>
    call(t.app, 'POST', kind === 'money' ? '/admin/user.MoneyLog/add' : '/admin/user.ScoreLog/add', {
      token,
      body: { user_id, [kind]: amount, memo: 'range' },
    });

  it('refuses money 999999999.99 with a clear message and changes nothing', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await addMember(t, token, 'range_money');
    for (const amount of ['999999999.99', '-999999999.99', '21474836.48', '-21474836.49']) {
      const res = await adjust(t, token, 'money', id, amount);
      expect(res.status, amount).toBe(200);
      expect(res, amount).toMatchObject({ code: 0, msg: MONEY_AMOUNT_RANGE });
    }
    const zh = await call(t.app, 'POST', '/admin/user.MoneyLog/add', {
      token,
      lang: 'zh-cn',
      body: { user_id: id, money: '999999999.99', memo: 'range' },
    });
    expect(zh).toMatchObject({ code: 0, msg: '变更数额必须在 -21474836.48 到 21474836.47 之间' });
    expect(await balances(t, id)).toEqual({ money: 0, score: 0 });
    expect(await logCount(t, 'user_money_log', id)).toBe(0);
  });

  it('accepts the largest amounts, then refuses the step that would leave the range either way', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await addMember(t, token, 'range_edge');
    expect(await adjust(t, token, 'money', id, '21474836.47')).toMatchObject({ code: 1 });
    expect((await balances(t, id)).money).toBe(MAX);

    const over = await adjust(t, token, 'money', id, '0.01');
    expect(over.status).toBe(200);
    expect(over).toMatchObject({
      code: 0,
      msg: 'The value after the change would be 21474836.48, outside the allowed range of -21474836.48 to 21474836.47',
    });
    expect((await balances(t, id)).money).toBe(MAX);
    expect(await logCount(t, 'user_money_log', id)).toBe(1);

    // Down to the smallest balance, then one cent below it.
    expect(await adjust(t, token, 'money', id, '-21474836.47')).toMatchObject({ code: 1 });
    expect(await adjust(t, token, 'money', id, '-21474836.48')).toMatchObject({ code: 1 });
    expect((await balances(t, id)).money).toBe(MIN);
    const under = await adjust(t, token, 'money', id, '-0.01');
    expect(under).toMatchObject({
      code: 0,
      msg: 'The value after the change would be -21474836.49, outside the allowed range of -21474836.48 to 21474836.47',
    });
    expect((await balances(t, id)).money).toBe(MIN);
    expect(await logCount(t, 'user_money_log', id)).toBe(3);

    const logs = await call(t.app, 'GET', '/admin/user.MoneyLog/index', {
      token,
      query: { 'search[0][field]': 'user_id', 'search[0][val]': String(id), order: 'id,asc' },
    });
    expect(logs.data.list.map((r: Record<string, unknown>) => [r.money, r.before, r.after])).toEqual([
      ['21474836.47', '0.00', '21474836.47'],
      ['-21474836.47', '21474836.47', '0.00'],
      ['-21474836.48', '0.00', '-21474836.48'],
    ]);
  });

  it('refuses the points step that would pass 2^31-1, keeping the steps before it', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await addMember(t, token, 'range_score');
    expect(await adjust(t, token, 'score', id, 1_000_000_000)).toMatchObject({ code: 1 });
    expect(await adjust(t, token, 'score', id, '1000000000')).toMatchObject({ code: 1 });
    const third = await adjust(t, token, 'score', id, '1000000000');
    expect(third.status).toBe(200);
    expect(third).toMatchObject({
      code: 0,
      msg: 'The value after the change would be 3000000000, outside the allowed range of -2147483648 to 2147483647',
    });
    expect((await balances(t, id)).score).toBe(2_000_000_000);
    expect(await adjust(t, token, 'score', id, '147483647')).toMatchObject({ code: 1 });
    expect((await balances(t, id)).score).toBe(MAX);
    expect(await adjust(t, token, 'score', id, 1)).toMatchObject({ code: 0 });

    for (const amount of ['2147483648', '-2147483649', 99_999_999_999]) {
      expect(await adjust(t, token, 'score', id, amount), String(amount)).toMatchObject({
        code: 0,
        msg: SCORE_AMOUNT_RANGE,
      });
    }
    // Negative overflow: from the top to the bottom, then one point below it.
    expect(await adjust(t, token, 'score', id, -MAX)).toMatchObject({ code: 1 });
    expect(await adjust(t, token, 'score', id, MIN)).toMatchObject({ code: 1 });
    const under = await adjust(t, token, 'score', id, -1);
    expect(under).toMatchObject({
      code: 0,
      msg: 'The value after the change would be -2147483649, outside the allowed range of -2147483648 to 2147483647',
    });
    expect((await balances(t, id)).score).toBe(MIN);
    const rows = await t.ctx.db.kysely
      .selectFrom('user_score_log')
      .select(['score', 'before', 'after'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { score: 1_000_000_000, before: 0, after: 1_000_000_000 },
      { score: 1_000_000_000, before: 1_000_000_000, after: 2_000_000_000 },
      { score: 147_483_647, before: 2_000_000_000, after: MAX },
      { score: -MAX, before: MAX, after: 0 },
      { score: MIN, before: 0, after: MIN },
    ]);
  });

  it('lets exactly as many parallel steps through as fit below the top, with logs that chain', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await addMember(t, token, 'range_parallel');
    expect(await adjust(t, token, 'score', id, MAX - 10)).toMatchObject({ code: 1 });
    const results = await Promise.all(Array.from({ length: 25 }, () => adjust(t, token, 'score', id, 1)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(10);
    const refused = results.filter((r) => r.code !== 1);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.status).toBe(200);
      expect(r.msg).toMatch(/^The value after the change would be 2147483648, outside the allowed range/);
    }
    expect((await balances(t, id)).score).toBe(MAX);
    const rows = await t.ctx.db.kysely
      .selectFrom('user_score_log')
      .select(['before', 'after'])
      .where('user_id', '=', id)
      .orderBy('before')
      .execute();
    expect(rows).toHaveLength(11);
    for (const [index, row] of rows.slice(1).entries()) {
      expect(row).toEqual({ before: MAX - 10 + index, after: MAX - 9 + index });
    }
  });
});

forEachDatabase('list filters beyond an integer column', (get) => {
  it('refuses number filters that are no 32-bit integer with a clear message, not an HTTP 500', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const list = (query: string) => call(t.app, 'GET', '/admin/user.ScoreLog/index', { token, query });
    const cases: [string, string][] = [
      ['search[0][field]=score&search[0][val]=99999999999&search[0][operator]==', 'score'],
      ['search[0][field]=score&search[0][val]=1.5&search[0][operator]==', 'score'],
      ['search[0][field]=after&search[0][val]=-99999999999,99999999999&search[0][operator]=RANGE', 'after'],
      ['search[0][field]=id&search[0][val]=1,99999999999&search[0][operator]=IN', 'id'],
    ];
    for (const [query, field] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(200);
      expect(res, query).toMatchObject({
        code: 0,
        msg: `The value of ${field} must be an integer between -2147483648 and 2147483647`,
      });
    }
    const edges = await list(
      'search[0][field]=score&search[0][val]=-2147483648,2147483647&search[0][operator]=RANGE',
    );
    expect(edges.code).toBe(1);
  });
});

/**
 * Balance and points changes sent with an Idempotency-Key apply once: the same change sent
 * again (a retry after a lost answer), or several times at once, leaves one log row and one
 * change and is answered as the first was; the same key with another body is refused.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createMember } from '../support/member.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

const REUSED = 'This Idempotency-Key was already used for a different request';

async function held(t: TestApp, userId: number) {
  const user = await t.ctx.db.kysely
    .selectFrom('user')
    .select(['money', 'score'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const logs = async (table: 'user_money_log' | 'user_score_log') =>
    (await t.ctx.db.kysely.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
  return {
    money: user.money,
    score: user.score,
    moneyLogs: await logs('user_money_log'),
    scoreLogs: await logs('user_score_log'),
  };
}

function change(t: TestApp, token: string, path: string, body: object, key?: string) {
  return call(t.app, 'POST', path, { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
}

const withoutTime = ({ time: _time, ...rest }: { time: number }) => rest;

forEachDatabase('idempotent balance changes', (get) => {
  it('applies a balance or points change sent twice with one key once, and answers both alike', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const userId = await createMember(t.ctx, 'idem_twice', 'member-pass-1');
    const key = randomUUID();
    const body = { user_id: userId, money: '12.50', memo: 'Refund' };
    const first = await change(t, token, '/admin/user.MoneyLog/add', body, key);
    const retry = await change(t, token, '/admin/user.MoneyLog/add', body, key);
    expect(first).toMatchObject({ code: 1, msg: 'Added successfully' });
    expect(withoutTime(retry)).toEqual(withoutTime(first));
    expect(await held(t, userId)).toMatchObject({ money: 1250, moneyLogs: 1 });

    const points = { user_id: userId, score: '7', memo: 'Reward' };
    const pointsKey = randomUUID();
    await change(t, token, '/admin/user.ScoreLog/add', points, pointsKey);
    expect((await change(t, token, '/admin/user.ScoreLog/add', points, pointsKey)).code).toBe(1);
    expect(await held(t, userId)).toMatchObject({ score: 7, scoreLogs: 1 });

    // The same key with another change is refused, and changes nothing.
    const other = await change(t, token, '/admin/user.MoneyLog/add', { ...body, money: '13' }, key);
    expect(other).toMatchObject({ code: 0, msg: REUSED });
    const zh = await call(t.app, 'POST', '/admin/user.MoneyLog/add', {
      token,
      body: { ...body, money: '13' },
      headers: { 'Idempotency-Key': key },
      lang: 'zh-cn',
    });
    expect(zh.msg).toBe('此幂等键已用于另一个请求');
    const malformed = await change(t, token, '/admin/user.MoneyLog/add', body, 'short');
    expect(malformed).toMatchObject({ code: 0, msg: 'Parameter Idempotency-Key is invalid' });
    expect(await held(t, userId)).toMatchObject({ money: 1250, moneyLogs: 1 });

    // A new key is a new change; no key at all, a change each time (as before).
    await change(t, token, '/admin/user.MoneyLog/add', body, randomUUID());
    await change(t, token, '/admin/user.MoneyLog/add', body);
    expect(await held(t, userId)).toMatchObject({ money: 3750, moneyLogs: 3 });
  });

  it('applies a change sent several times at once with one key once', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const userId = await createMember(t.ctx, 'idem_burst', 'member-pass-1');
    const key = randomUUID();
    const body = { user_id: userId, money: '-0.50', memo: 'Fee' };
    await change(t, token, '/admin/user.MoneyLog/add', { user_id: userId, money: '10', memo: 'Top-up' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => change(t, token, '/admin/user.MoneyLog/add', body, key)),
    );
    for (const answer of answers) expect(answer).toMatchObject({ code: 1, msg: 'Added successfully' });
    expect(await held(t, userId)).toMatchObject({ money: 950, moneyLogs: 2 });
  });
});

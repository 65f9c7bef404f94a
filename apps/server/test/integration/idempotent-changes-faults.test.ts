/**
 * The connection to the database drops during the COMMIT of a balance change: the change is
 * saved but the administrator is answered 503, which invites a retry. The retry, sent with the
 * same Idempotency-Key as the web form does, finds the change saved and applies nothing: the
 * balance moved once. The server talks to its database through a TCP proxy the test owns.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { createMember } from '../support/member.js';
import { call, loginSuper, startTestAppBehindProxy } from '../support/test-app.js';

const remote = testDatabases().filter((factory) => factory.dialect !== 'sqlite');
if (remote.length === 0) {
  it.skip('needs TEST_PG_URL or TEST_MYSQL_URL (SQLite has no connection to lose)', () => {});
}

for (const factory of remote) {
  it(`a retry after a COMMIT whose answer was lost changes the balance once [${factory.dialect}]`, async () => {
    const t = await startTestAppBehindProxy(factory.dialect);
    const { app, ctx, proxy } = t;
    try {
      const { token } = await loginSuper(t);
      const userId = await createMember(ctx, 'idem_fault', 'member-pass-1');
      const send = () =>
        call(app, 'POST', '/admin/user.MoneyLog/add', {
          token,
          body: { user_id: userId, money: '12.50', memo: 'Refund' },
          headers: { 'Idempotency-Key': key },
        });
      const key = randomUUID();

      const lost = proxy.loseAnswerTo(/commit/i);
      const first = await send();
      await lost;
      expect(first).toMatchObject({
        status: 503,
        msg: 'The service is temporarily unavailable. Please try again later.',
      });
      const retry = await send();
      expect(retry).toMatchObject({ code: 1, msg: 'Added successfully' });

      const user = await ctx.db.kysely
        .selectFrom('user')
        .select('money')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const logs = await ctx.db.kysely
        .selectFrom('user_money_log')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect({ money: user.money, logs: logs.length }).toEqual({ money: 1250, logs: 1 });
    } finally {
      await t.close();
    }
  });
}

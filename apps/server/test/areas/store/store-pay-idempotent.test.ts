/**
 * A store payment sent again with its Idempotency-Key (a retry after a lost answer) is
 * answered as the first was, a success with the same order and balances, and charges nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { addModule, buyer, emptyStore, memberHolds, publishVersion } from '../../support/store.js';
import { call, forEachDatabase, loginSuper } from '../../support/test-app.js';

forEachDatabase(
  'store payment with an idempotency key',
  (get) => {
    it('answers a retried payment as the first, and charges once', async () => {
      const t = get();
      const admin = (await loginSuper(t)).token;
      const module = await addModule(t, admin, {
        uid: 'retried',
        title: 'Retried',
        price_type: 'score',
        price: '10',
      });
      expect((await publishVersion(t, admin, module, '1.0.0')).code).toBe(1);
      const member = await buyer(t, 'retrier', 100);
      const created = await call(t.app, 'POST', '/api/store/order', {
        userToken: member.token,
        body: { uid: 'retried' },
      });
      const key = randomUUID();
      const pay = () =>
        call(t.app, 'POST', '/api/store/pay', {
          userToken: member.token,
          body: { order_id: created.data.order.id },
          headers: { 'Idempotency-Key': key },
        });
      const first = await pay();
      const retry = await pay();
      expect(first).toMatchObject({ code: 1, msg: 'Payment successful', data: { score: 90 } });
      expect({ ...retry, time: 0 }).toEqual({ ...first, time: 0 });
      const holds = await memberHolds(t, member.id);
      expect(holds.score).toBe(90);
      expect(holds.scoreLogs).toHaveLength(1);
    });
  },
  emptyStore(),
);

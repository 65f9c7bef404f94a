/**
 * A database behind a network that silently drops everything (a black hole: the open
 * connections stay open, nothing comes back) must not hold requests for as long as it lasts:
 * a statement gives up after the statement timeout and the request is answered 503 in bounded
 * time; once the network is back the server serves again. The server talks to its database
 * through a TCP proxy the test owns; the shared database service is never touched.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { testDatabases } from '../support/databases.js';
import { call, loginSuper, startTestAppBehindProxy } from '../support/test-app.js';

const STATEMENT_TIMEOUT_MS = 1500;
/** The statement timeout, the driver's grace after it, and a busy machine's slack. */
const ANSWER_LIMIT_MS = 10_000;
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again later.';

const remote = testDatabases().filter((factory) => factory.dialect !== 'sqlite');
if (remote.length === 0) {
  it.skip('needs TEST_PG_URL or TEST_MYSQL_URL (SQLite has no network to lose)', () => {});
}

for (const factory of remote) {
  it(`answers 503 in bounded time while the database is black-holed [${factory.dialect}]`, async () => {
    const t = await startTestAppBehindProxy(factory.dialect, {
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    const { app, proxy } = t;
    try {
      const { token } = await loginSuper(t);
      const list = () => call(app, 'GET', '/admin/user.User/index', { token });
      expect((await list()).code).toBe(1);

      proxy.cut('blackhole');
      const started = Date.now();
      const answered = await Promise.race([
        list(),
        new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ANSWER_LIMIT_MS)),
      ]);
      expect(answered, `within ${ANSWER_LIMIT_MS} ms`).toMatchObject({ status: 503, msg: UNAVAILABLE });
      expect(Date.now() - started).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);

      proxy.restore();
      let again = await list();
      for (let attempt = 0; again.code !== 1 && attempt < 20; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        again = await list();
      }
      expect(again.code).toBe(1);
    } finally {
      await t.close();
    }
  }, 60_000);
}

for (const factory of remote) {
  it(`the database cancels a statement past the timeout; untimed connections (migrations, tools) run it [${factory.dialect}]`, async () => {
    const database = await factory.create();
    const timed = await openDatabase(database.url, 'ba_', { statementTimeoutMs: 1000 });
    const untimed = await openDatabase(database.url, 'ba_');
    const sleep = factory.dialect === 'postgres' ? sql`select pg_sleep(2)` : sql`select sleep(2)`;
    try {
      const started = Date.now();
      const refused = await sleep.execute(timed.kysely).then(
        () => null,
        (error: unknown) => error,
      );
      // MariaDB ends SLEEP() early and answers 1 rather than failing: the time is what counts.
      if (refused) expect(isDatabaseUnavailable(refused)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1900);
      const slowStarted = Date.now();
      await sleep.execute(untimed.kysely);
      expect(Date.now() - slowStarted).toBeGreaterThanOrEqual(1900);
    } finally {
      await timed.close();
      await untimed.close();
      await database.drop();
    }
  });
}

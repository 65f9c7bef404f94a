/**
 * Issue 34, "How it is checked": the original client's (BuildAdmin v2) calls for every
 * back-office screen, the member centre and the module market, with its request shapes, on
 * (a) a fresh database of every configured dialect and (b) a BuildAdmin v2 database taken over
 * on MariaDB (skipped without TEST_MYSQL_URL). One app per database, shared by the cases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import { appConfig, fixtureDatabase, mysqlDatabases } from '../support/buildadmin-fixture.js';
import type { TestDatabase } from '../support/databases.js';
import { createMember } from '../support/member.js';
import { originalClient } from '../support/original-client.js';
import { originalMemberCentre } from '../support/original-member-centre.js';
import { originalScreenForms } from '../support/original-screen-forms.js';
import { originalScreens, originalSignIn } from '../support/original-screens.js';
import { forEachDatabase, type TestApp } from '../support/test-app.js';

/** Credits a member through the back-office's balance and points forms, as an administrator would. */
async function credit(
  app: FastifyInstance,
  ctx: AppContext,
  admin: { username: string; password: string },
  username: string,
) {
  const { token } = await originalSignIn(app, admin.username, admin.password);
  const member = await ctx.db.kysely
    .selectFrom('user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const send = originalClient(app, { admin: token });
  expect(
    (await send.add('user.MoneyLog', { user_id: member.id, money: '5', memo: 'Screens balance' })).code,
  ).toBe(1);
  expect(
    (await send.add('user.ScoreLog', { user_id: member.id, score: 7, memo: 'Screens points' })).code,
  ).toBe(1);
}

const FRESH_MEMBER = { username: 'centre_member', password: 'Centre_pass1' };

forEachDatabase("the original client's screens, fresh", (get) => {
  const site = (t: TestApp) => ({
    app: t.app,
    ctx: t.ctx,
    admin: { username: 'admin', password: t.superPassword },
  });
  beforeAll(async () => {
    const t = get();
    await createMember(t.ctx, FRESH_MEMBER.username, FRESH_MEMBER.password);
    await credit(t.app, t.ctx, site(t).admin, FRESH_MEMBER.username);
  });
  originalScreens(() => site(get()));
  originalScreenForms(() => site(get()));
  originalMemberCentre(() => ({ ...site(get()), member: FRESH_MEMBER }));
});

/** The fixture's super administrator and a member of the default group (every member rule), with the passwords the original hashed. */
const FIXTURE_ADMIN = { username: 'admin', password: 'Admin-2023!' };
const FIXTURE_MEMBER = { username: 'user', password: 'User-2023!' };

describe.skipIf(!mysqlDatabases)("the original client's screens, taken over [mysql]", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let ctx: AppContext;
  beforeAll(async () => {
    database = await fixtureDatabase();
    ({ app, ctx } = await buildApp(appConfig(database.url), { checkAnswers: true }));
    await app.ready();
    await credit(app, ctx, FIXTURE_ADMIN, FIXTURE_MEMBER.username);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  // The site's own generated screen (shop/goods, from the original's CRUD) is its menu, not the original's.
  const takenOver = () => ({ app, ctx, admin: FIXTURE_ADMIN, siteMenus: /^shop(\/|$)/ });
  originalScreens(takenOver);
  originalScreenForms(takenOver);
  originalMemberCentre(() => ({ app, ctx, member: FIXTURE_MEMBER }));
});

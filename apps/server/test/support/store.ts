/**
 * The module store's suites: publishing through the back-office as an administrator would
 * (a category, a module, versions uploaded as attachment zips) and buying as members.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dialect } from '../../src/db/dialect.js';
import { createMember, loginMember } from './member.js';
import { fakeProject, moduleJson, scratchDir, writeRawZip } from './module-project.js';
import { freePort } from './server-process.js';
import { call, loginSuper, startTestApp, type TestApp } from './test-app.js';

/**
 * A store that starts empty: its project has no modules/ folder, so the first-party modules
 * (published when the store area is first enabled) are not in it.
 */
export const emptyStore = () => ({ projectDir: scratchDir('portico-store-project-') });

/** An empty store listening on a free port (the site reaches it over HTTP, as it would another host). */
export async function listeningStore(dialect: Dialect): Promise<{ store: TestApp; port: number }> {
  const store = await startTestApp(dialect, emptyStore());
  const port = await freePort();
  await store.app.listen({ port, host: '127.0.0.1' });
  return { store, port };
}

/** A site on a scratch project whose market is the store on `port`, and its super admin's token. */
export async function siteOfStore(dialect: Dialect, port: number) {
  const project = fakeProject();
  const site = await startTestApp(dialect, {
    projectDir: project,
    marketUrl: `http://127.0.0.1:${port}`,
    marketTimeoutMs: 5000,
  });
  return { project, site, siteToken: (await loginSuper(site)).token };
}

export interface PublishedModule {
  id: number;
  uid: string;
}

/** A package zip in the upload storage, as an administrator's upload leaves it; answers its URL. */
export function packageZip(t: TestApp, uid: string, version: string, name = `${uid}-${version}`) {
  const dir = join(t.ctx.config.storageDir, 'default/20261123');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.zip`);
  writeRawZip(path, [
    { name: 'module.json', data: Buffer.from(JSON.stringify(moduleJson({ uid, version }))) },
    { name: `apps/web/src/modules/${uid}/index.ts`, data: Buffer.from(`export default '${version}';\n`) },
  ]);
  return { url: `/storage/default/20261123/${name}.zip`, sha256: sha256(readFileSync(path)) };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function addModule(
  t: TestApp,
  token: string,
  fields: Record<string, unknown>,
): Promise<PublishedModule> {
  const uid = String(fields.uid);
  const res = await call(t.app, 'POST', '/admin/store.Module/add', {
    token,
    body: { title: `Module ${uid}`, developer: 'Portico', ...fields },
  });
  if (res.code !== 1) throw new Error(`adding ${uid} failed: ${res.msg}`);
  const row = await t.ctx.db.kysely
    .withTables<{ store_module: { id: number; uid: string } }>()
    .selectFrom('store_module')
    .select('id')
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return { id: row.id, uid };
}

export function publishVersion(
  t: TestApp,
  token: string,
  module: PublishedModule,
  version: string,
  extra: Record<string, unknown> = {},
) {
  const zip = packageZip(t, module.uid, version);
  return call(t.app, 'POST', '/admin/store.Version/add', {
    token,
    body: { module_id: module.id, package: zip.url, update_log: `Changes of ${version}`, ...extra },
  });
}

/** A member holding the given points and balance (cents), signed in. */
export async function buyer(t: TestApp, username: string, score: number, money = 0) {
  const id = await createMember(t.ctx, username, 'buyer-pass-1', { score, money });
  return { id, token: await loginMember(t, username, 'buyer-pass-1') };
}

export async function memberHolds(t: TestApp, id: number) {
  const user = await t.ctx.db.kysely
    .selectFrom('user')
    .select(['score', 'money'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const logs = async (table: 'user_score_log' | 'user_money_log') =>
    t.ctx.db.kysely.selectFrom(table).selectAll().where('user_id', '=', id).orderBy('id').execute();
  return {
    score: user.score,
    money: user.money,
    scoreLogs: await logs('user_score_log'),
    moneyLogs: await logs('user_money_log'),
  };
}

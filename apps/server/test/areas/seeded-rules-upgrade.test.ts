/**
 * A site upgraded to a Portico whose built-in areas declare themselves through the module
 * contract: the first start records each area and finds its menu rules by name in the install
 * data. A seeded rule an administrator deleted before the upgrade stays deleted: the area
 * inserts only rules the install data never had.
 */
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { forEachDatabase, type TestApp } from '../support/test-app.js';

async function ruleNames(t: TestApp, prefix: string): Promise<string[]> {
  const rows = await t.ctx.db.kysely
    .selectFrom('admin_rule')
    .select('name')
    .where('name', 'like', `${prefix}%`)
    .execute();
  return rows.map((row) => row.name).sort();
}

forEachDatabase('built-in areas on an upgraded site', (get) => {
  it('leaves the seeded menu rules an administrator deleted deleted', async () => {
    const t = get();
    const { kysely } = t.ctx.db;
    const menu = await kysely
      .selectFrom('admin_rule')
      .select('id')
      .where('name', '=', 'security/dataRecycle')
      .executeTakeFirstOrThrow();
    // Before the upgrade: no record of the area, and the recycle-rule screen removed by hand.
    await kysely.deleteFrom('admin_rule').where('pid', '=', menu.id).execute();
    await kysely.deleteFrom('admin_rule').where('id', '=', menu.id).execute();
    await kysely.deleteFrom('module').where('uid', 'in', ['security', 'members']).execute();
    const before = await ruleNames(t, 'security/');
    expect(before).not.toContain('security/dataRecycle');

    const { app } = await buildApp(t.ctx.config, { db: t.ctx.db, modules: [] });
    await app.ready();
    await app.close();

    expect(await ruleNames(t, 'security/')).toEqual(before);
    const recorded = await kysely.selectFrom('module').select('uid').where('uid', '=', 'security').execute();
    expect(recorded).toHaveLength(1);
  });
});

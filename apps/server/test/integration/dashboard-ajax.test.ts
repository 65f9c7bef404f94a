/** The dashboard's remark and the nav bar's "clean up system cache". */
import { expect, it } from 'vitest';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

forEachDatabase('dashboard and clearCache', (get) => {
  it('answers the dashboard remark in the caller language', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const en = await call(t.app, 'GET', '/admin/dashboard/index', { token });
    expect(en).toMatchObject({
      code: 1,
      data: { remark: 'To keep the system safe, please operate with care.' },
    });
    const zh = await call(t.app, 'GET', '/admin/dashboard/index', { token, lang: 'zh-cn' });
    expect(zh.data.remark).toBe('为保障系统安全，请谨慎操作');
  });

  it('shows a setting changed straight in the database once the cache is cleared', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const siteName = async () =>
      (await call(t.app, 'GET', '/admin/index/index', { token })).data.siteConfig.siteName;
    const before = await siteName();
    await t.ctx.db.kysely
      .updateTable('config')
      .set({ value: 'Renamed site' })
      .where('name', '=', 'site_name')
      .execute();
    expect(await siteName()).toBe(before);

    const refused = await call(t.app, 'POST', '/admin/ajax/clearCache', {
      token,
      body: { type: 'everything' },
    });
    expect(refused).toMatchObject({ code: 0, msg: 'Parameter error' });
    expect(await siteName()).toBe(before);

    const cleared = await call(t.app, 'POST', '/admin/ajax/clearCache', { token, body: { type: 'tp' } });
    expect(cleared).toMatchObject({ code: 1, msg: 'Cache cleaned~' });
    expect(await siteName()).toBe('Renamed site');
  });
});

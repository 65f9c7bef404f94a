/** no_access_ip: listed addresses and ranges get 403 "No permission request" from the API; the health check stays open. */
import { expect, it } from 'vitest';
import { ipListed } from '../../src/http/ip-block.js';
import { call, forEachDatabase } from '../support/test-app.js';

it('matches exact addresses and IPv4 ranges, one per line or comma-separated', () => {
  expect(ipListed('10.1.2.3', '192.168.0.1\n10.0.0.0/8')).toBe(true);
  expect(ipListed('::ffff:10.1.2.3', '10.0.0.0/8')).toBe(true);
  expect(ipListed('11.1.2.3', '10.0.0.0/8, 192.168.0.1')).toBe(false);
  expect(ipListed('192.168.0.1', '10.0.0.0/8, 192.168.0.1')).toBe(true);
  expect(ipListed('::1', '::1')).toBe(true);
  expect(ipListed('1.2.3.4', 'not-an-ip/99\n\n')).toBe(false);
});

forEachDatabase('no_access_ip', (get) => {
  it('refuses listed callers with 403 and lets others through', async () => {
    const t = get();
    const set = async (value: string) => {
      await t.ctx.db.kysely.updateTable('config').set({ value }).where('name', '=', 'no_access_ip').execute();
      await t.ctx.caches.changed('settings');
    };
    // inject() calls come from 127.0.0.1.
    await set('10.9.9.9\n127.0.0.0/8');
    try {
      const blocked = await call(t.app, 'GET', '/admin/index/login');
      expect(blocked).toMatchObject({ status: 403, code: 0, msg: 'No permission request' });
      expect((await call(t.app, 'GET', '/api/index/index', { lang: 'zh-cn' })).msg).toBe('无权限访问');
      // The route decides, not the spelling of the URL.
      expect((await call(t.app, 'GET', '/ADMIN/Index/Login?x=1')).status).toBe(403);
      expect((await call(t.app, 'POST', '/admin/auth.Group/edit', { body: {} })).status).toBe(403);
      for (const url of ['/health', '/health?probe=1', '/HEALTH/']) {
        expect((await t.app.inject({ url })).statusCode).toBe(200);
      }
      // Files outside the API (here an upload that does not exist) are not the API's to refuse.
      expect((await t.app.inject({ url: '/storage/nothing.png' })).statusCode).toBe(404);
      await set('10.9.9.9');
      expect((await call(t.app, 'GET', '/admin/index/login')).code).toBe(1);
    } finally {
      await set('');
    }
  });
});

/**
 * Every admin route refuses strangers: anonymous callers get 303 (log in) and an
 * administrator without the route's rule gets 401, whatever the route.
 */
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { routeCatalogue } from '../../src/http/routes.js';
import { call, createAdmin, createGroup, forEachDatabase, loginAdmin } from '../support/test-app.js';

function adminRoutes(app: FastifyInstance) {
  return (routeCatalogue.get(app) ?? []).filter((route) => route.area === 'admin');
}

forEachDatabase('admin route permissions', (get) => {
  it('registers the management routes', () => {
    const routes = adminRoutes(get().app);
    const urls = routes.map((r) => r.url);
    for (const url of [
      '/admin/auth.Admin/index',
      '/admin/auth.Group/edit',
      '/admin/auth.Rule/sortable',
      '/admin/auth.AdminLog/index',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('refuses anonymous callers with 303 and rule-less administrators with 401 on every route', async () => {
    const t = get();
    // A group with only the dashboard: signed in, but holding none of the management rules.
    const group = await createGroup(t.ctx, 'dashboard only', ['dashboard', 'dashboard/index']);
    await createAdmin(t.ctx, 'norules', 'no-rules-pass', [group]);
    const { token } = await loginAdmin(t.app, 'norules', 'no-rules-pass');
    const routes = adminRoutes(t.app);
    let checked = 0;
    for (const route of routes) {
      // The terminal's event stream proves its caller by a ticket and refuses on the stream
      // itself (terminal-access.test.ts).
      if (route.access === 'public' || route.ticket) continue;
      for (const method of route.methods) {
        const anonymous = await call(t.app, method, route.url, { body: method === 'GET' ? undefined : {} });
        expect(anonymous.code, `${method} ${route.url} anonymous`).toBe(303);
        if (route.access !== 'permission' || route.permission === 'dashboard/index') continue;
        const denied = await call(t.app, method, route.url, {
          token,
          body: method === 'GET' ? undefined : {},
        });
        expect(denied.code, `${method} ${route.url} without rule`).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it('lets an administrator use exactly the rules of their group', async () => {
    const t = get();
    const group = await createGroup(t.ctx, 'admin viewers', ['auth', 'auth/admin', 'auth/admin/index']);
    await createAdmin(t.ctx, 'viewer', 'viewer-pass', [group]);
    const { token } = await loginAdmin(t.app, 'viewer', 'viewer-pass');
    expect((await call(t.app, 'GET', '/admin/auth.Admin/index', { token })).code).toBe(1);
    expect((await call(t.app, 'POST', '/admin/auth.Admin/add', { token, body: {} })).code).toBe(401);
    const index = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(index.data.adminInfo.super).toBe(false);
    const menuNames = JSON.stringify(index.data.menus);
    expect(menuNames).toContain('"auth/admin/index"');
    expect(menuNames).not.toContain('"auth/group"');
  });

  it('answers "no menu" to an administrator without any rule', async () => {
    const t = get();
    await createAdmin(t.ctx, 'nomenu', 'no-menu-pass', []);
    const { token } = await loginAdmin(t.app, 'nomenu', 'no-menu-pass');
    const res = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(res).toMatchObject({ code: 0, msg: 'No background menu, please contact super administrator!' });
  });
});

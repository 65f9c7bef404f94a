/**
 * The check-in package through the module installer's endpoints on a scratch project (each
 * configured dialect): waiting, it serves nothing; installed, its tables and menu rules are
 * there at once and its routes after the restart the answer asks for; a group given its admin
 * page keeps it across a disable and a re-enable; disabled, its files and rules are gone while
 * members keep their points and the check-ins stay; uninstalled, its tables go and its folder
 * (shipped with the project, not unpacked by the installer) stays.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../apps/server/src/app.js';
import { testDatabases } from '../../../apps/server/test/support/databases.js';
import { createMember, loginMember } from '../../../apps/server/test/support/member.js';
import { removeScratchDirs } from '../../../apps/server/test/support/module-project.js';
import {
  call,
  createAdmin,
  createGroup,
  loginAdmin,
  loginSuper,
  startTestApp,
  type TestApp,
} from '../../../apps/server/test/support/test-app.js';
import checkin from '../apps/server/src/modules/checkin/index.js';
import { projectWithPackage } from './scratch-install.js';

type MenuNode = { name: string; children?: MenuNode[] };
const names = (menus: MenuNode[]): string[] => menus.flatMap((m) => [m.name, ...names(m.children ?? [])]);
const SERVER_ENTRY = 'apps/server/src/modules/checkin/index.ts';
const WEB_ENTRY = 'apps/web/src/modules/checkin/index.ts';
const ADMIN_PAGE = ['user', 'checkin/checkin', 'checkin/checkin/index'];

for (const { dialect } of testDatabases()) {
  describe(`check-in through the module installer [${dialect}]`, () => {
    let t: TestApp;
    let project: string;
    let token: string;
    /** The server as it runs after the restart the installer asked for. */
    let restarted: FastifyInstance | undefined;
    const post = (action: string, options: { query?: Record<string, string>; body?: unknown } = {}) =>
      call(t.app, 'POST', `/admin/module/${action}`, { token, ...options });
    const restart = async () => {
      await restarted?.close();
      restarted = (await buildApp(t.ctx.config, { db: t.ctx.db, checkAnswers: true, modules: [checkin] }))
        .app;
      await restarted.ready();
      return restarted;
    };
    const tableNames = async () =>
      (await t.ctx.db.kysely.introspection.getTables())
        .map((table) => table.name)
        .filter((n) => n.includes('checkin'));

    beforeAll(async () => {
      project = projectWithPackage();
      t = await startTestApp(dialect, { projectDir: project }, { modules: [checkin] });
      token = (await loginSuper(t)).token;
    });
    afterAll(async () => {
      await restarted?.close();
      await t?.close();
      removeScratchDirs();
    });

    it('waits for installation: listed, no tables, no routes, no menu', async () => {
      const index = await call(t.app, 'GET', '/admin/module/index', { token });
      expect(index.data.installed).toEqual([
        expect.objectContaining({ uid: 'checkin', title: 'Daily check-in', state: 2 }),
      ]);
      expect(await tableNames()).toEqual([]);
      expect((await call(t.app, 'GET', '/api/checkin/index')).status).toBe(404);
      expect(names((await call(t.app, 'GET', '/admin/index/index', { token })).data.menus)).not.toContain(
        'checkin/checkin',
      );
    });

    it('installs at once (no packages): tables and rules now, routes after the restart', async () => {
      const installed = await post('install', { query: { uid: 'checkin' } });
      expect(installed.code).toBe(1);
      expect(installed.data).toMatchObject({
        state: 1,
        needRebuild: true,
        needRestart: true,
        restarting: false,
      });
      expect(existsSync(join(project, SERVER_ENTRY))).toBe(true);
      expect(existsSync(join(project, WEB_ENTRY))).toBe(true);
      expect((await tableNames()).sort()).toEqual(['ba_checkin', 'ba_checkin_setting']);
      expect(names((await call(t.app, 'GET', '/admin/index/index', { token })).data.menus)).toEqual(
        expect.arrayContaining(ADMIN_PAGE),
      );

      const app = await restart();
      await createMember(t.ctx, 'installed_member', 'Member-pass-1');
      const userToken = await loginMember({ ...t, app }, 'installed_member', 'Member-pass-1');
      const res = await call(app, 'POST', '/api/checkin/checkIn', { userToken, lang: 'zh-cn' });
      expect(res).toMatchObject({ code: 1, msg: '签到成功，获得 5 积分' });
    });

    it('a group given its page keeps it across a disable and a re-enable; members keep their points', async () => {
      const group = await createGroup(t.ctx, 'Check-in viewers', ADMIN_PAGE);
      await createAdmin(t.ctx, 'viewer', 'Viewer-pass-1', [group]);
      const viewerMenu = async () => {
        const viewer = (await loginAdmin(t.app, 'viewer', 'Viewer-pass-1')).token;
        return names((await call(t.app, 'GET', '/admin/index/index', { token: viewer })).data.menus);
      };
      expect(await viewerMenu()).toContain('checkin/checkin');

      const disabled = await post('changeState', { body: { uid: 'checkin', state: 0 } });
      expect(disabled.code).toBe(1);
      expect(disabled.data).toMatchObject({ state: 6 });
      expect(existsSync(join(project, SERVER_ENTRY))).toBe(false);
      expect(existsSync(join(project, WEB_ENTRY))).toBe(false);
      expect(await viewerMenu()).not.toContain('checkin/checkin');
      const rules = await t.ctx.db.kysely
        .selectFrom('user_rule')
        .select('name')
        .where('name', 'like', 'checkin%')
        .execute();
      expect(rules).toEqual([]);
      const member = await t.ctx.db.kysely
        .selectFrom('user')
        .select('score')
        .where('username', '=', 'installed_member')
        .executeTakeFirstOrThrow();
      expect(member.score).toBe(5);
      // Disabling keeps its tables and rows.
      expect((await tableNames()).sort()).toEqual(['ba_checkin', 'ba_checkin_setting']);

      expect((await post('changeState', { body: { uid: 'checkin', state: 1 } })).data).toMatchObject({
        state: 2,
      });
      expect((await post('install', { query: { uid: 'checkin' } })).data).toMatchObject({ state: 1 });
      expect(await viewerMenu()).toContain('checkin/checkin');
      const app = await restart();
      const list = await call(app, 'GET', '/admin/checkin.Checkin/index', { token });
      expect(list.data.list).toEqual([expect.objectContaining({ username: 'installed_member', points: 5 })]);
    });

    it('uninstalls once disabled: its tables and record go, its shipped folder stays', async () => {
      expect((await post('changeState', { body: { uid: 'checkin', state: 0 } })).code).toBe(1);
      const res = await post('uninstall', { query: { uid: 'checkin' } });
      expect(res.code).toBe(1);
      expect(res.data).toMatchObject({
        removes: ['modules/checkin/.state.json'],
        keeps: ['modules/checkin'],
      });
      expect(await tableNames()).toEqual([]);
      expect(existsSync(join(project, 'modules/checkin/module.json'))).toBe(true);
      const log = await t.ctx.db.kysely.selectFrom('user_score_log').select('memo').execute();
      expect(log).toHaveLength(1);
    });
  });
}

/**
 * The module contract end to end with a fixture module: enabled, its migration made its
 * table, its routes answer and its menu rules are in the back-office menu and grantable;
 * disabled, the rules are gone and (after the restart that follows) so are its routes;
 * enabled again, the groups that held its rules hold them again.
 */
import { beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { defineModule } from '../../src/module-contract/define.js';
import {
  disableModule,
  enableModule,
  migrateEnabledModules,
  moduleState,
  uninstallModule,
} from '../../src/module-contract/lifecycle.js';
import { notesEvents, notesModule } from '../fixtures/notes-module.js';
import { createMember, loginMember } from '../support/member.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
  type TestApp,
} from '../support/test-app.js';

type MenuNode = { name: string; children?: MenuNode[] };
const names = (menus: MenuNode[]): string[] => menus.flatMap((m) => [m.name, ...names(m.children ?? [])]);

/** A fresh app on the same database: what a restart after enabling or disabling serves. */
async function restart(t: TestApp) {
  const { app } = await buildApp(t.ctx.config, { db: t.ctx.db, checkAnswers: true, modules: [notesModule] });
  await app.ready();
  return app;
}

async function groupRuleNames(t: TestApp, table: 'admin_group' | 'user_group', id: number) {
  const group = await t.ctx.db.kysely
    .selectFrom(table)
    .select('rules')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const ids = (group.rules ?? '').split(',').filter(Boolean).map(Number);
  if (ids.length === 0) return [];
  const rules = table === 'admin_group' ? 'admin_rule' : 'user_rule';
  const rows = await t.ctx.db.kysely.selectFrom(rules).select('name').where('id', 'in', ids).execute();
  return rows.map((r) => r.name).sort();
}

forEachDatabase(
  'module contract',
  (get) => {
    beforeEach(() => {
      notesEvents.length = 0;
    });

    it('enables a module on first sight: its table, routes, rules and language pack work', async () => {
      const t = get();
      expect(await moduleState(t.ctx, 'notes')).toBe(1);
      const { token } = await loginSuper(t);
      const list = await call(t.app, 'GET', '/admin/notes.Note/index', { token });
      expect(list.code).toBe(1);
      expect(list.data.list).toEqual([{ id: 1, title: 'First note' }]);
      const menu = await call(t.app, 'GET', '/admin/index/index', { token });
      expect(names(menu.data.menus)).toEqual(expect.arrayContaining(['notes', 'notes/note']));
      const hint = await call(t.app, 'GET', '/api/notes/hint', { lang: 'zh-cn' });
      expect(hint.data.hint).toBe('写下你的第一条笔记');
      // The English of the rule titles (stored in Chinese) reaches English readers.
      const notes = (menu.data.menus as (MenuNode & { title: string })[]).find((m) => m.name === 'notes');
      expect(notes?.title).toBe('Notes');
      // The built-in content area stays enabled through the same contract.
      expect(await moduleState(t.ctx, 'content')).toBe(1);
      // Its pages, declared with `.tsx` as an earlier SDK had it, are stored in the original's
      // form, which the original's client opens too.
      const note = await t.ctx.db.kysely
        .selectFrom('admin_rule')
        .select('component')
        .where('name', '=', 'notes/note')
        .executeTakeFirst();
      expect(note?.component).toBe('/src/views/backend/notes/note/index.vue');
      const mine = await t.ctx.db.kysely
        .selectFrom('user_rule')
        .select('component')
        .where('name', '=', 'notes/mine')
        .executeTakeFirst();
      expect(mine?.component).toBe('/src/views/frontend/user/notes/mine.vue');
    });

    it('a group given the rule may use it; disabling removes rules and routes; re-enabling gives them back', async () => {
      const t = get();
      const readers = await createGroup(t.ctx, 'Note readers', ['notes', 'notes/note', 'notes/note/index']);
      await createAdmin(t.ctx, 'reader', 'Reader-pass-1', [readers]);
      const strangers = await createGroup(t.ctx, 'Strangers', ['dashboard']);
      await createAdmin(t.ctx, 'stranger', 'Stranger-pass-1', [strangers]);
      // Members of the default group get "My account" and the module's page under it.
      const memberRules = await t.ctx.db.kysely
        .selectFrom('user_rule')
        .select('id')
        .where('name', 'in', ['account', 'notes/mine'])
        .execute();
      await t.ctx.db.kysely
        .updateTable('user_group')
        .set({ rules: memberRules.map((r) => r.id).join(',') })
        .where('id', '=', 1)
        .execute();
      await createMember(t.ctx, 'writer', 'Writer-pass-1');
      const member = await loginMember(t, 'writer', 'Writer-pass-1');
      const memberMenu = await call(t.app, 'GET', '/api/index/index', { userToken: member });
      expect(names(memberMenu.data.menus)).toEqual(['account', 'notes/mine']);
      const reader = await loginAdmin(t.app, 'reader', 'Reader-pass-1');
      const stranger = await loginAdmin(t.app, 'stranger', 'Stranger-pass-1');
      expect((await call(t.app, 'GET', '/admin/notes.Note/index', { token: reader.token })).code).toBe(1);
      expect((await call(t.app, 'GET', '/admin/notes.Note/index', { token: stranger.token })).code).toBe(401);
      expect((await call(t.app, 'GET', '/admin/notes.Note/index')).code).toBe(303);
      const readerMenu = await call(t.app, 'GET', '/admin/index/index', { token: reader.token });
      expect(names(readerMenu.data.menus)).toEqual(['notes', 'notes/note', 'notes/note/index']);

      await disableModule(t.ctx, notesModule);
      expect(notesEvents).toEqual(['disable']);
      expect(await moduleState(t.ctx, 'notes')).toBe(6);
      const left = await t.ctx.db.kysely
        .selectFrom('admin_rule')
        .select('id')
        .where('name', 'like', 'notes%')
        .execute();
      expect(left).toEqual([]);
      expect(await groupRuleNames(t, 'admin_group', readers)).toEqual([]);
      expect(await groupRuleNames(t, 'user_group', 1)).toEqual(['account']);
      const memberAfter = await call(t.app, 'GET', '/api/index/index', { userToken: member });
      expect(names(memberAfter.data.menus)).toEqual(['account']);
      const disabled = await restart(t);
      try {
        const { token } = await loginSuper(t);
        expect(
          (
            await disabled.inject({
              method: 'GET',
              url: '/admin/notes.Note/index',
              headers: { batoken: token, server: 'true' },
            })
          ).statusCode,
        ).toBe(404);
        expect(
          (await disabled.inject({ method: 'GET', url: '/api/notes/hint', headers: { server: 'true' } }))
            .statusCode,
        ).toBe(404);
        const menu = await call(disabled, 'GET', '/admin/index/index', { token });
        expect(names(menu.data.menus)).not.toContain('notes');
        // The module's table and rows outlive a disable.
        const rows = await t.ctx.db.kysely
          .withTables<{ notes_note: { id: number } }>()
          .selectFrom('notes_note')
          .select('id')
          .execute();
        expect(rows).toHaveLength(1);
      } finally {
        await disabled.close();
      }

      await enableModule(t.ctx, notesModule);
      expect(notesEvents).toEqual(['disable', 'enable']);
      expect(await groupRuleNames(t, 'admin_group', readers)).toEqual([
        'notes',
        'notes/note',
        'notes/note/index',
      ]);
      expect(await groupRuleNames(t, 'admin_group', strangers)).toEqual(['dashboard']);
      expect(await groupRuleNames(t, 'user_group', 1)).toEqual(['account', 'notes/mine']);
      const memberAgain = await call(t.app, 'GET', '/api/index/index', { userToken: member });
      expect(names(memberAgain.data.menus)).toEqual(['account', 'notes/mine']);
      const enabled = await restart(t);
      try {
        expect((await call(enabled, 'GET', '/admin/notes.Note/index', { token: reader.token })).code).toBe(1);
        const menu = await call(enabled, 'GET', '/admin/index/index', { token: reader.token });
        expect(names(menu.data.menus)).toEqual(['notes', 'notes/note', 'notes/note/index']);
      } finally {
        await enabled.close();
      }
      // The migration ran once, however often the module was enabled.
      const migrations = await t.ctx.db.kysely
        .selectFrom('module_migration')
        .select('name')
        .where('module', '=', 'notes')
        .execute();
      expect(migrations.map((m) => m.name)).toEqual(['0001-note-table']);
    });

    it('runs update for a new version, refuses to disable a built-in, uninstalls only when disabled', async () => {
      const t = get();
      await expect(uninstallModule(t.ctx, notesModule)).rejects.toThrow('Please disable the module first');
      const { contentModule } = await import('../../src/areas/content/index.js');
      await expect(disableModule(t.ctx, contentModule)).rejects.toThrow(
        'A built-in module cannot be disabled',
      );

      await disableModule(t.ctx, notesModule, { update: true });
      await enableModule(t.ctx, { ...notesModule, version: '1.1.0' });
      expect(notesEvents).toEqual(['disable for update', 'update from 1.0.0', 'enable']);

      await disableModule(t.ctx, notesModule);
      await uninstallModule(t.ctx, notesModule);
      expect(await moduleState(t.ctx, 'notes')).toBeNull();
      const migrations = await t.ctx.db.kysely
        .selectFrom('module_migration')
        .select('name')
        .where('module', '=', 'notes')
        .execute();
      expect(migrations).toEqual([]);
      // Installed again (say, by a restart with the folder still there): install runs again.
      notesEvents.length = 0;
      await enableModule(t.ctx, notesModule);
      expect(notesEvents).toEqual(['install', 'enable']);
    });

    it('a new version found at start runs its new migrations, adds its new rules and calls update', async () => {
      const t = get();
      await disableModule(t.ctx, notesModule).catch(() => undefined);
      await enableModule(t.ctx, notesModule);
      notesEvents.length = 0;
      const next = defineModule({
        ...notesModule,
        version: '2.0.0',
        migrations: (env) => ({
          ...notesModule.migrations(env),
          '0002-second-note': {
            async up(db) {
              await db.insertInto('notes_note').values({ title: 'Second note' }).execute();
            },
          },
        }),
        adminRules: [
          {
            ...notesModule.adminRules[0],
            children: [
              {
                ...notesModule.adminRules[0].children[0],
                children: [
                  ...notesModule.adminRules[0].children[0].children,
                  { type: 'button', title: ['添加', 'Add'], name: 'notes/note/add' },
                ],
              },
            ],
          },
        ],
      });
      const { app } = await buildApp(t.ctx.config, { db: t.ctx.db, checkAnswers: true, modules: [next] });
      try {
        await app.ready();
        expect(notesEvents).toEqual(['update from 1.0.0']);
        const { token } = await loginSuper(t);
        const list = await call(app, 'GET', '/admin/notes.Note/index', { token });
        expect(list.data.list.map((row: { title: string }) => row.title)).toEqual([
          'First note',
          'Second note',
        ]);
        const add = await t.ctx.db.kysely
          .selectFrom('admin_rule as r')
          .innerJoin('admin_rule as p', 'p.id', 'r.pid')
          .select('p.name')
          .where('r.name', '=', 'notes/note/add')
          .executeTakeFirst();
        expect(add?.name).toBe('notes/note');
      } finally {
        await app.close();
      }
    });

    it('npm run migrate runs the pending migrations of enabled modules, not of disabled ones', async () => {
      const t = get();
      // Earlier tests ran migrations on this database: a name of its own, and titles compared to now.
      const withMigration = (title: string) =>
        defineModule({
          ...notesModule,
          migrations: (env) => ({
            ...notesModule.migrations(env),
            '0009-from-the-cli': {
              async up(db) {
                await db.insertInto('notes_note').values({ title }).execute();
              },
            },
          }),
        });
      const titles = async () =>
        (
          await t.ctx.db.kysely
            .withTables<{ notes_note: { title: string } }>()
            .selectFrom('notes_note')
            .select('title')
            .execute()
        ).map((row) => row.title);
      const before = await titles();

      await disableModule(t.ctx, notesModule).catch(() => undefined);
      expect(await migrateEnabledModules(t.ctx.db, [withMigration('While disabled')])).toEqual([]);
      expect(await titles()).toEqual(before);

      await enableModule(t.ctx, notesModule);
      expect(await migrateEnabledModules(t.ctx.db, [withMigration('From the CLI')])).toEqual([
        'notes/0009-from-the-cli',
      ]);
      expect(await migrateEnabledModules(t.ctx.db, [withMigration('Twice')])).toEqual([]);
      expect(await titles()).toEqual([...before, 'From the CLI']);
    });
  },
  {},
  { modules: [notesModule] },
);

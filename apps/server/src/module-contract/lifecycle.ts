/**
 * Modules at run time. At start every known module is brought up: one seen for the first
 * time is installed and enabled; an enabled one has its pending migrations run, its tables,
 * language packs and rule titles made known, and its routes registered. A disabled module
 * registers nothing, so its routes answer 404 after the restart that follows disabling it.
 *
 * Enabling and disabling change the database at once (rules, grants, state); routes follow
 * at the next start, since Fastify fixes its routes when it starts listening.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connection.js';
import { ApiError } from '../http/errors.js';
import { addLanguagePack } from '../i18n/index.js';
import { ADMIN_RULE_TITLES, MEMBER_RULE_TITLES } from '../i18n/seeded-titles.js';
import { flattenRules, type ModuleDefinition } from './define.js';
import { migrateModule, unmigrateModule } from './migrations.js';
import { insertModuleRules, joinCreated, type ModuleRuleRecord, removeModuleRules } from './rules.js';

/** The original's state numbers; the package manager uses the others. */
export const MODULE_STATE = { ENABLED: 1, DISABLED: 6 } as const;

const NO_GRANTS: ModuleRuleRecord = { admin: {}, member: {} };

export async function moduleState(ctx: AppContext, uid: string): Promise<number | null> {
  const row = await ctx.db.kysely
    .selectFrom('module')
    .select('state')
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row ? row.state : null;
}

/**
 * Whether the module installer has the module's files enabled on disk: true (installed), false
 * (waiting for installation, conflicts or packages, or disabled), null (no package folder: a
 * built-in area or a module shipped in the repository, enabled on first sight).
 */
export type PackageInstalled = (uid: string) => Promise<boolean | null>;

/** Brings every module up (see the file comment); answers the uids whose routes were registered. */
export async function startModules(
  app: FastifyInstance,
  ctx: AppContext,
  modules: readonly ModuleDefinition[],
  packageInstalled: PackageInstalled = async () => null,
): Promise<string[]> {
  const seen = new Set<string>();
  const started: string[] = [];
  for (const module of modules) {
    if (seen.has(module.uid)) throw new Error(`Two modules have the uid ${module.uid}`);
    seen.add(module.uid);
    ctx.db.addTables(module.tables ?? []);
    const row = await ctx.db.kysely
      .selectFrom('module')
      .select(['state', 'version'])
      .where('uid', '=', module.uid)
      .executeTakeFirst();
    const onDisk = module.builtIn ? null : await packageInstalled(module.uid);
    // The installer enables a package whose code this process had not loaded (a new upload, a
    // newer version): its database side (migrations, rules, events) follows at this start.
    if (onDisk === false) continue;
    if (!row || (onDisk === true && row.state !== MODULE_STATE.ENABLED)) await enableModule(ctx, module);
    else if (row.state !== MODULE_STATE.ENABLED && !module.builtIn) continue;
    else if (row.version !== module.version) await upgradeModule(ctx, module, row.version);
    else await migrateModule(ctx.db, module);
    makeTextsKnown(module);
    await module.routes?.(app, ctx);
    started.push(module.uid);
  }
  return started;
}

/**
 * `npm run migrate`: the pending migrations of the built-in areas and of every enabled module,
 * so a database is brought up to date without starting the server. Rules and events (install,
 * update) need the running app and follow at the next start, which finds the migrations done.
 */
export async function migrateEnabledModules(db: Db, modules: readonly ModuleDefinition[]): Promise<string[]> {
  const enabled = new Set(
    (
      await db.kysely.selectFrom('module').select('uid').where('state', '=', MODULE_STATE.ENABLED).execute()
    ).map((row) => row.uid),
  );
  const ran: string[] = [];
  for (const module of modules) {
    if (!module.builtIn && !enabled.has(module.uid)) continue;
    db.addTables(module.tables ?? []);
    for (const name of await migrateModule(db, module)) ran.push(`${module.uid}/${name}`);
  }
  return ran;
}

/**
 * Enables a module: runs its pending migrations, inserts its menu rules (those not already
 * there by name) and gives them back to the groups that held them when it was disabled,
 * records it enabled with the rules it created, then calls `install` (first time), `update`
 * (new version) and `enable`.
 */
export async function enableModule(ctx: AppContext, module: ModuleDefinition): Promise<void> {
  const { kysely } = ctx.db;
  const row = await kysely
    .selectFrom('module')
    .select(['state', 'version', 'grants'])
    .where('uid', '=', module.uid)
    .executeTakeFirst();
  if (row?.state === MODULE_STATE.ENABLED) return;
  ctx.db.addTables(module.tables ?? []);
  await migrateModule(ctx.db, module);
  const record = parseRecord(row?.grants ?? null);
  const time = Math.floor(Date.now() / 1000);
  await kysely.transaction().execute(async (trx) => {
    const inserted = await insertModuleRules(ctx.db, trx, module, record);
    // A module seen for the first time (no record) knows what it created; an older record may not.
    const created = !row || record.created ? joinCreated(record.created, inserted) : undefined;
    const values = {
      state: MODULE_STATE.ENABLED,
      version: module.version,
      grants: created ? JSON.stringify({ ...NO_GRANTS, created } satisfies ModuleRuleRecord) : null,
      update_time: time,
    };
    if (row) await trx.updateTable('module').set(values).where('uid', '=', module.uid).execute();
    else
      await trx
        .insertInto('module')
        .values({ uid: module.uid, ...values, create_time: time })
        .execute();
  });
  // Groups got their rules back: the grants cached by every server process are stale.
  await ctx.caches.changed('rules');
  makeTextsKnown(module);
  if (!row) await module.events?.install?.(ctx);
  else if (row.version !== module.version) await module.events?.update?.(ctx, { from: row.version });
  await module.events?.enable?.(ctx);
}

/**
 * An enabled module whose code changed version (a built-in area after a Portico update, or a
 * module's files replaced in place): new migrations run, rules the new version added are
 * inserted, and `update` is called. Rules it dropped stay until an administrator removes them.
 */
async function upgradeModule(ctx: AppContext, module: ModuleDefinition, from: string): Promise<void> {
  await migrateModule(ctx.db, module);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('module')
      .select('grants')
      .where('uid', '=', module.uid)
      .executeTakeFirst();
    const { created } = parseRecord(row?.grants ?? null);
    const inserted = await insertModuleRules(ctx.db, trx, module, NO_GRANTS);
    const record: ModuleRuleRecord = { ...NO_GRANTS, created: joinCreated(created, inserted) };
    await trx
      .updateTable('module')
      .set({
        version: module.version,
        ...(created ? { grants: JSON.stringify(record) } : {}),
        update_time: Math.floor(Date.now() / 1000),
      })
      .where('uid', '=', module.uid)
      .execute();
  });
  await ctx.caches.changed('rules');
  await module.events?.update?.(ctx, { from });
}

/**
 * Disables a module: `disable` event, then the rules it created go (never one it found there)
 * and the groups holding them are remembered.
 */
export async function disableModule(
  ctx: AppContext,
  module: ModuleDefinition,
  options: { update?: boolean } = {},
): Promise<void> {
  if (module.builtIn) throw new ApiError('A built-in module cannot be disabled');
  const state = await moduleState(ctx, module.uid);
  if (state !== MODULE_STATE.ENABLED) throw new ApiError('The module is not enabled');
  await module.events?.disable?.(ctx, { update: options.update ?? false });
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('module')
      .select('grants')
      .where('uid', '=', module.uid)
      .executeTakeFirst();
    const record = await removeModuleRules(trx, module, parseRecord(row?.grants ?? null).created);
    await trx
      .updateTable('module')
      .set({
        state: MODULE_STATE.DISABLED,
        grants: JSON.stringify(record),
        update_time: Math.floor(Date.now() / 1000),
      })
      .where('uid', '=', module.uid)
      .execute();
  });
  await ctx.caches.changed('rules');
}

/** Uninstalls a disabled module: `uninstall` event, its migrations undone, its record gone. */
export async function uninstallModule(ctx: AppContext, module: ModuleDefinition): Promise<void> {
  if (module.builtIn) throw new ApiError('A built-in module cannot be uninstalled');
  if ((await moduleState(ctx, module.uid)) !== MODULE_STATE.DISABLED) {
    throw new ApiError('Please disable the module first');
  }
  await module.events?.uninstall?.(ctx);
  await unmigrateModule(ctx.db, module);
  await ctx.db.kysely.deleteFrom('module').where('uid', '=', module.uid).execute();
}

/** Language packs and the English of rule titles (stored in Chinese, like the install data). */
function makeTextsKnown(module: ModuleDefinition): void {
  for (const lang of ['zh-cn', 'en'] as const) {
    const pack = module.lang?.[lang];
    if (pack) addLanguagePack(lang, pack);
  }
  ADMIN_RULE_TITLES.add(flattenRules(module.adminRules ?? []).map((r) => [r.name, r.title[0], r.title[1]]));
  MEMBER_RULE_TITLES.add(flattenRules(module.memberRules ?? []).map((r) => [r.name, r.title[0], r.title[1]]));
}

/** The module's record of its rules (`module.grants`); none when empty or unreadable. */
function parseRecord(text: string | null): ModuleRuleRecord {
  if (!text) return NO_GRANTS;
  try {
    const parsed = JSON.parse(text) as Partial<ModuleRuleRecord>;
    const created = parsed.created && {
      admin: Array.isArray(parsed.created.admin) ? parsed.created.admin : [],
      member: Array.isArray(parsed.created.member) ? parsed.created.member : [],
    };
    return { admin: parsed.admin ?? {}, member: parsed.member ?? {}, ...(created ? { created } : {}) };
  } catch {
    return NO_GRANTS;
  }
}

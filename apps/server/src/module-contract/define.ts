/**
 * The module contract, server side: one typed definition per module, the same for installed
 * modules (apps/server/src/modules/<uid>/index.ts) and built-in areas (apps/server/src/areas/<name>).
 * The runtime (lifecycle.ts) registers an enabled module's routes, runs its migrations,
 * inserts and removes its menu rules, merges its language packs and calls its events.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { AppContext } from '../context.js';
import type { Dialect } from '../db/dialect.js';
import type { RuleMenuType } from '../db/schema.js';
import type { SeedTitle } from '../db/seed/seeded.js';

/** A back-office menu rule; children nest. `name` is the rule's identity (and permission key). */
export interface ModuleAdminRule {
  type: 'menu_dir' | 'menu' | 'button';
  /** Stored in Chinese (like the install data), shown in English to English readers. */
  title: SeedTitle;
  name: string;
  path?: string;
  icon?: string;
  /**
   * Component path of the page in the original's form, e.g. `/src/views/backend/notes/index.vue`
   * (see the web entry); a `.tsx` ending is stored as `.vue`, so the original's client finds it too.
   */
  component?: string;
  menuType?: RuleMenuType;
  keepalive?: boolean;
  /**
   * Top-level rules only: the name of an existing rule to hang under (e.g. `routine` in the
   * back-office, `account` in the member centre). Top level when there is no such rule.
   */
  parent?: string;
  remark?: string;
  weigh?: number;
  children?: ModuleAdminRule[];
}

/**
 * A member-centre rule; `route` rules with noLoginValid are reachable without logging in. As in
 * the original, a `menu` at the top level is not shown: hang it under a `menu_dir` (or `parent`).
 */
export interface ModuleMemberRule {
  type: 'route' | 'menu_dir' | 'menu' | 'nav_user_menu' | 'nav' | 'button';
  title: SeedTitle;
  name: string;
  path?: string;
  icon?: string;
  component?: string;
  menuType?: RuleMenuType;
  noLoginValid?: boolean;
  /**
   * Top-level rules only: the name of an existing rule to hang under (e.g. `routine` in the
   * back-office, `account` in the member centre). Top level when there is no such rule.
   */
  parent?: string;
  remark?: string;
  weigh?: number;
  children?: ModuleMemberRule[];
}

/** Message key → text; keys are English sentences as elsewhere on the server. */
export type LanguagePack = Record<string, string>;

/** What a module's migrations are built from: they must mean the same on all three databases. */
export interface MigrationEnv {
  dialect: Dialect;
  prefix: string;
}

export interface ModuleEvents {
  /** First enable on this install (after the migrations ran). */
  install?(ctx: AppContext): Promise<void> | void;
  /** Before the module's rows and files are removed for good. */
  uninstall?(ctx: AppContext): Promise<void> | void;
  enable?(ctx: AppContext): Promise<void> | void;
  /** `update`: disabled to be replaced by a newer version. */
  disable?(ctx: AppContext, options: { update: boolean }): Promise<void> | void;
  /** First enable after a newer version replaced the files (before `enable`). */
  update?(ctx: AppContext, options: { from: string }): Promise<void> | void;
}

export interface ModuleDefinition {
  /** Folder name and identity: lower-case letters, digits, `-` and `_`. */
  uid: string;
  version: string;
  /** Built-in areas are always enabled; they cannot be disabled or uninstalled. */
  builtIn?: boolean;
  /**
   * The module's own tables (logical names, without the prefix): the configured prefix is
   * added to them like to the core tables. Type them with `ctx.db.kysely.withTables<T>()`.
   */
  tables?: string[];
  /** Registers the module's routes with the same helpers the built-in areas use. */
  routes?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Kysely migrations by name, applied in name order and recorded per module. */
  migrations?(env: MigrationEnv): Record<string, Migration>;
  adminRules?: ModuleAdminRule[];
  memberRules?: ModuleMemberRule[];
  lang?: { 'zh-cn'?: LanguagePack; en?: LanguagePack };
  events?: ModuleEvents;
}

const UID = /^[a-z][a-z0-9_-]{0,99}$/;

/** Declares a module; checks what a type cannot (the uid's shape, unique rule names). */
export function defineModule<const M extends ModuleDefinition>(definition: M): M {
  if (!UID.test(definition.uid)) throw new Error(`Module uid "${definition.uid}" is not valid`);
  for (const rules of [definition.adminRules ?? [], definition.memberRules ?? []]) {
    const names = flattenRules<{ name: string; children?: unknown[] }>(rules).map((rule) => rule.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice) throw new Error(`Module ${definition.uid} declares the rule "${twice}" twice`);
  }
  return definition;
}

/** Every rule of a tree, parents before children. */
export function flattenRules<R extends { children?: unknown[] }>(rules: readonly R[]): R[] {
  return rules.flatMap((rule) => [rule, ...flattenRules((rule.children ?? []) as R[])]);
}

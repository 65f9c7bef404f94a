/**
 * What the recycle log and the sensitive-data log share: the list joined with its rule and
 * the administrators who acted and undid, the filterable fields, info, deleting entries, and
 * the undo action run in one transaction.
 */

import {
  type AnySelect,
  ApiError,
  type AppContext,
  type Database,
  defineAction,
  deleteRowsById,
  idsOf,
  input,
  type Lang,
  type ListField,
  ok,
  RECYCLE_RULE_NAMES,
  type Row,
  registerResource,
  runWrite,
  SENSITIVE_RULE_NAMES,
  type WriteContext,
} from '@portico/server-sdk';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';

/** A log table, the rule table it joins, and the alias the rule's fields go by. */
export interface LogKind {
  table: 'security_data_recycle_log' | 'security_sensitive_data_log';
  ruleTable: 'security_data_recycle' | 'security_sensitive_data';
  foreignKey: 'recycle_id' | 'sensitive_id';
  rule: 'recycle' | 'sensitive';
  /** The column holding who undid the entry. */
  undoAdmin: 'restore_admin_id' | 'rollback_admin_id';
}

export const RECYCLE_LOG: LogKind = {
  table: 'security_data_recycle_log',
  ruleTable: 'security_data_recycle',
  foreignKey: 'recycle_id',
  rule: 'recycle',
  undoAdmin: 'restore_admin_id',
};

export const SENSITIVE_LOG: LogKind = {
  table: 'security_sensitive_data_log',
  ruleTable: 'security_sensitive_data',
  foreignKey: 'sensitive_id',
  rule: 'sensitive',
  undoAdmin: 'rollback_admin_id',
};

function logFields({ table, rule, foreignKey }: LogKind): Record<string, ListField> {
  return {
    id: { column: `${table}.id`, type: 'number' },
    [foreignKey]: { column: `${table}.${foreignKey}`, type: 'number' },
    admin_id: { column: `${table}.admin_id`, type: 'number' },
    'admin.nickname': { column: 'admin.nickname', type: 'string' },
    [`${rule}.name`]: { column: `${rule}.name`, type: 'string' },
    [`${rule}.controller_as`]: { column: `${rule}.controller_as`, type: 'string' },
    connection: { column: `${table}.connection`, type: 'string' },
    data_table: { column: `${table}.data_table`, type: 'string' },
    ip: { column: `${table}.ip`, type: 'string' },
    useragent: { column: `${table}.useragent`, type: 'string' },
    create_time: { column: `${table}.create_time`, type: 'time' },
  };
}

/** The log joined with its rule (`recycle` / `sensitive`) and both administrators' names. */
function logListQuery(db: Kysely<Database>, kind: LogKind): AnySelect {
  const { table, ruleTable, foreignKey, rule, undoAdmin } = kind;
  // Table names vary with the log; the casts narrow Kysely's unions for the shared query.
  return db
    .selectFrom(table as 'security_data_recycle_log')
    .leftJoin(
      `${ruleTable} as ${rule}` as 'security_data_recycle as recycle',
      `${rule}.id` as 'recycle.id',
      `${table}.${foreignKey}` as 'security_data_recycle_log.recycle_id',
    )
    .leftJoin('admin', 'admin.id', `${table}.admin_id` as 'security_data_recycle_log.admin_id')
    .leftJoin(
      'admin as undo_admin',
      'undo_admin.id',
      `${table}.${undoAdmin}` as 'security_data_recycle_log.restore_admin_id',
    )
    .selectAll(table as 'security_data_recycle_log')
    .select([
      `${rule}.name as rule_name` as 'recycle.name',
      `${rule}.controller_as as controller_as` as 'recycle.controller_as',
      'admin.nickname as admin_nickname',
      'admin.username as admin_username',
      'undo_admin.nickname as undo_nickname',
      'undo_admin.username as undo_username',
    ]);
}

export interface LogResource {
  controller: string;
  kind: LogKind;
  /** Fields of this log besides the shared ones. */
  fields: Record<string, ListField>;
  /** How an entry is shown, in the list and the info dialog. */
  present(row: Row, detail: boolean): Row;
  /** The fields of a shown entry besides the shared ones (logRow). */
  row: Record<string, z.ZodType>;
  /** Fields the info dialog shows otherwise than the list. */
  info?: Record<string, z.ZodType>;
  /** The undo action (`restore` / `rollback`): runs in one transaction, answers how many. */
  undo: {
    action: string;
    /** What it does, for the API reference. */
    summary: string;
    message: string;
    run(ctx: AppContext, w: WriteContext, ids: number[]): Promise<number>;
  };
}

/** The ids may come in the query or the body (the body's win). */
const undoIds = z.object({ ids: input.ids(100).optional() });
const idQuery = z.object({ id: input.id() });

/** What every entry shows: its columns, its rule's name and both administrators' (null once gone). */
function logRow({ foreignKey, undoAdmin, rule }: LogKind) {
  return z.looseObject({
    id: z.number(),
    admin_id: z.number(),
    [foreignKey]: z.number(),
    data_table: z.string(),
    connection: z.string(),
    primary_key: z.string(),
    ip: z.string(),
    useragent: z.string(),
    create_time: z.number().nullable(),
    [undoAdmin]: z.number().describe('Who undid the entry; 0 while it stands.'),
    rule_name: z.string().nullable(),
    controller_as: z.string().nullable().describe("The rule's controller key (auth/admin)."),
    admin_nickname: z.string().nullable(),
    admin_username: z.string().nullable(),
    undo_nickname: z.string().nullable(),
    undo_username: z.string().nullable(),
    // The original client reads the joined rows nested (admin.nickname, recycle.name).
    admin: z
      .object({ nickname: z.string(), username: z.string() })
      .nullable()
      .describe('The administrator who acted, as the original client reads it; null once gone.'),
    [rule]: z
      .object({ name: z.string(), controller_as: z.string() })
      .nullable()
      .describe('The rule that captured the entry, as the original client reads it; null once gone.'),
  });
}

/** A log screen's server side: the joined list, info, deleting entries, and its undo action. */
export function registerLogResource(app: FastifyInstance, ctx: AppContext, spec: LogResource): void {
  const { kysely } = ctx.db;
  const { kind, undo } = spec;
  const t = kind.table as 'security_data_recycle_log';
  registerResource(app, ctx, {
    controller: spec.controller,
    table: kind.table,
    list: {
      pk: 'id',
      fields: { ...logFields(kind), ...spec.fields },
      quickSearch: [`${kind.rule}.name`],
      seededLabel: { field: `${kind.rule}.name`, key: kind.foreignKey, titles: ruleNames(kind) },
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    listQuery: (db) => logListQuery(db, kind),
    row: logRow(kind).extend(spec.row),
    present: async (rows) => rows.map((row) => spec.present(row, false)),
    localise: (rows, lang) => localiseRuleName(kind, rows, lang).map((row) => nestJoined(kind, row)),
    del: deleteRowsById(t),
    actions: [
      defineAction({
        action: 'info',
        method: 'GET',
        schema: {
          summary: 'One entry in full',
          query: idQuery,
          data: z.object({ row: logRow(kind).extend({ ...spec.row, ...spec.info }) }),
        },
        handler: async (request) => {
          const { id } = request.query;
          const row = (await logListQuery(kysely, kind)
            .where(`${kind.table}.id`, '=', id)
            .executeTakeFirst()) as Row | undefined;
          if (!row) throw new ApiError('Record not found');
          const [shown = row] = localiseRuleName(kind, [spec.present(row, true)], request.lang);
          return ok({ row: nestJoined(kind, shown) });
        },
      }),
      defineAction({
        action: undo.action,
        method: 'POST',
        schema: {
          summary: `${undo.summary} (ids in the query or the body), all or none`,
          query: undoIds,
          body: undoIds,
          data: z.null(),
        },
        handler: async (request) => {
          const ids = idsOf(request);
          const count = await runWrite(kysely, request, (w) => undo.run(ctx, w, ids));
          // A restore or rollback may touch settings, groups or rules: drop what is cached from them.
          await ctx.caches.changed('settings', 'rules');
          return ok(null, undo.message, [count]);
        },
      }),
    ],
  });
}

function ruleNames(kind: LogKind) {
  return kind.rule === 'recycle' ? RECYCLE_RULE_NAMES : SENSITIVE_RULE_NAMES;
}

/**
 * The joined administrator and rule also as the original client reads them: `admin.nickname`,
 * `recycle.name` / `sensitive.controller_as` (its tables' relations), after the rule's name is
 * shown in the reader's language.
 */
function nestJoined(kind: LogKind, row: Row): Row {
  const admin =
    row.admin_nickname === null || row.admin_nickname === undefined
      ? null
      : { nickname: row.admin_nickname, username: row.admin_username };
  const rule =
    row.rule_name === null || row.rule_name === undefined
      ? null
      : { name: row.rule_name, controller_as: row.controller_as };
  return { ...row, admin, [kind.rule]: rule };
}

/** The seeded rules' names in the reader's language (entries keep the rule's id). */
function localiseRuleName(kind: LogKind, rows: Row[], lang: Lang): Row[] {
  return ruleNames(kind).localise(rows, kind.foreignKey, 'rule_name', lang);
}

/** A deleted row for the info tree: the JSON decoded, and fields holding JSON decoded once more. */
export function decodeNested(json: unknown): unknown {
  const parsed = tryJson(json);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return parsed;
  return Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => {
      const inner = typeof value === 'string' && /^\s*[[{]/.test(value) ? tryJson(value) : undefined;
      return [key, inner && typeof inner === 'object' ? inner : value];
    }),
  );
}

function tryJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

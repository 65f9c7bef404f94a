/**
 * security.DataRecycle and security.SensitiveData — which controllers' deletes go to the
 * recycle bin and which fields' edits are logged. Both are checked against what exists: the
 * controller must be a registered resource that deletes (or edits), the table one of the
 * application's, the key and fields its columns. A rule naming anything else is refused, so a
 * rule can never put an unchecked identifier into SQL.
 */

import {
  ApiError,
  type AppContext,
  type Database,
  defineAction,
  deleteRowsById,
  input,
  insertId,
  type Lang,
  now,
  ok,
  RECYCLE_RULE_NAMES,
  type Row,
  registerResource,
  requireColumn,
  requireTable,
  SENSITIVE_FIELD_LABELS,
  SENSITIVE_RULE_NAMES,
  updateFoundRow,
} from '@portico/server-sdk';
import { AdminController, type RecycleRuleRow, type SensitiveRuleRow } from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { controllerKey, parseFields } from './audit.js';
import { monitorableControllers, type RuleKind } from './monitorable.js';

const ruleBody = z.object({
  name: input.required(50),
  controller: input.required(100).describe('The watched controller, as offered (`auth/Admin`).'),
  data_table: input.required(64).describe('The table its rows live in.'),
  primary_key: input.required(64).describe("That table's primary key column."),
  status: z.enum(['0', '1']).default('1'),
});
/** A sensitive-data rule also names the watched fields. */
const sensitiveRuleBody = ruleBody.extend({
  fields: z
    .array(
      z.object({
        name: input.required(64).describe('A column of the table.'),
        value: input.text(50).default('').describe('Its label in the log.'),
      }),
    )
    .min(1)
    .max(50),
});
type RuleBody = z.output<typeof ruleBody> & Partial<Pick<z.output<typeof sensitiveRuleBody>, 'fields'>>;

/** A rule as listed and loaded into the form. */
const ruleRowSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  controller: z.string(),
  controller_as: z.string().describe('The lower-case key writes are matched on (`auth/admin`).'),
  connection: z.string(),
  data_table: z.string(),
  primary_key: z.string(),
  status: z.enum(['0', '1']),
  update_time: z.number().nullable(),
  create_time: z.number().nullable(),
}) satisfies z.ZodType<RecycleRuleRow>;
const sensitiveRuleRow = ruleRowSchema.extend({
  data_fields: z.record(z.string(), z.string()).describe('The watched fields and their labels.'),
  fields: z
    .array(z.object({ name: z.string(), value: z.string() }))
    .describe('The same, as the form edits them.'),
}) satisfies z.ZodType<SensitiveRuleRow>;

const CONTROLLER_MAP = z
  .record(z.string(), z.string())
  .describe('The controllers a rule may watch: value (`auth/Admin`) → label.');

type RuleTable = 'security_data_recycle' | 'security_sensitive_data';

interface Kind {
  kind: RuleKind;
  controller: string;
  table: RuleTable;
}

const KINDS: Kind[] = [
  { kind: 'recycle', controller: AdminController.dataRecycle, table: 'security_data_recycle' },
  { kind: 'sensitive', controller: AdminController.sensitiveData, table: 'security_sensitive_data' },
];

export function registerSecurityRuleResources(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of KINDS) registerRuleResource(app, ctx, kind);
}

function registerRuleResource(
  app: FastifyInstance,
  ctx: AppContext,
  { kind, controller, table }: Kind,
): void {
  const names = kind === 'recycle' ? RECYCLE_RULE_NAMES : SENSITIVE_RULE_NAMES;
  // Both tables share these columns; the cast narrows Kysely's table union for the shared code.
  const t = table as 'security_data_recycle';
  const body: z.ZodType<RuleBody> = kind === 'recycle' ? ruleBody : sensitiveRuleBody;

  /** The row to store, or a clear refusal. */
  async function ruleRow(data: RuleBody, id: number | null, trx: Kysely<Database>) {
    const options = await monitorableControllers(app, trx, kind);
    // The original's rules name the file (`auth/Admin.php`, `auth\Admin`): the same controller.
    const wanted = data.controller
      .replace(/\.php$/i, '')
      .replaceAll('\\', '/')
      .replaceAll('.', '/')
      .toLowerCase();
    const option = options.find((o) => o.value.toLowerCase() === wanted);
    if (!option) throw new ApiError('Controller %s cannot be monitored', [data.controller]);
    const key = controllerKey(option.value);
    const taken = await trx
      .selectFrom(t)
      .select('id')
      .where('controller_as', '=', key)
      .$if(id !== null, (q) => q.where('id', '<>', id ?? 0))
      .executeTakeFirst();
    if (taken) throw new ApiError('A rule for controller %s already exists', [option.value]);
    const info = await requireTable(ctx.db, data.data_table, trx);
    const row = {
      name: data.name,
      controller: option.value,
      controller_as: key,
      connection: '',
      data_table: info.name,
      primary_key: requireColumn(info, data.primary_key),
      status: data.status,
      update_time: now(),
    };
    const { fields } = data;
    if (kind === 'recycle' || !fields) return row;
    const labels = Object.fromEntries(fields.map((f) => [requireColumn(info, f.name), f.value]));
    return { ...row, data_fields: JSON.stringify(labels) };
  }

  /** The original's form reads the choices as `{controller: label}`, from GET add (and edit). */
  const controllerMap = async (request: FastifyRequest) => ({
    controllers: Object.fromEntries(
      (await monitorableControllers(app, ctx.db.kysely, kind, request.lang)).map((o) => [o.value, o.label]),
    ),
  });

  registerResource(app, ctx, {
    controller,
    table,
    list: {
      pk: 'id',
      fields: {
        id: { column: `${table}.id`, type: 'number' },
        name: { column: `${table}.name`, type: 'string' },
        controller: { column: `${table}.controller`, type: 'string' },
        controller_as: { column: `${table}.controller_as`, type: 'string' },
        connection: { column: `${table}.connection`, type: 'string' },
        data_table: { column: `${table}.data_table`, type: 'string' },
        primary_key: { column: `${table}.primary_key`, type: 'string' },
        status: { column: `${table}.status`, type: 'string' },
        update_time: { column: `${table}.update_time`, type: 'time' },
        create_time: { column: `${table}.create_time`, type: 'time' },
      },
      quickSearch: ['name'],
      seededLabel: { field: 'name', key: 'id', titles: names },
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    listQuery: (db) => db.selectFrom(t).selectAll(),
    present: async (rows) => rows.map(presentRule),
    localise: (rows, lang) => names.localise(rows, 'id', 'name', lang).map((row) => fieldLabelsIn(row, lang)),
    indexExtra: async (request) => ({
      controllers: await monitorableControllers(app, ctx.db.kysely, kind, request.lang),
    }),
    row: kind === 'recycle' ? ruleRowSchema : sensitiveRuleRow,
    switchFields: ['status'],
    addBody: body,
    add: async (data, w) => {
      const row = await ruleRow(data, null, w.trx);
      await insertId(ctx.db, w.trx.insertInto(t).values({ ...row, create_time: row.update_time }));
    },
    editBody: body,
    // The original's sensitive-data form takes the controller list from its edit answer.
    ...(kind === 'sensitive'
      ? { editExtra: { data: { controllers: CONTROLLER_MAP }, load: controllerMap } }
      : {}),
    edit: async (id, data, w) => {
      const row = await ruleRow(data, id, w.trx);
      await updateFoundRow(w.trx.updateTable(t).set(row).where('id', '=', id));
    },
    del: deleteRowsById(t),
    actions: [
      defineAction({
        action: 'add',
        method: 'GET',
        schema: {
          summary: "The add form's choices of controller (the original client's form loads them)",
          data: z.object({ controllers: CONTROLLER_MAP }),
        },
        handler: async (request) => ok(await controllerMap(request)),
      }),
    ],
  });
}

/**
 * Sensitive rules show their fields as `{field: label}` for the list, and as the form's
 * `fields: [{name, value}]`, so a status switch re-saves the rule unchanged.
 */
function presentRule(row: Row): Row {
  if (!('data_fields' in row)) return row;
  const labels = parseFields(row.data_fields as string | null);
  const fields = Object.entries(labels).map(([name, value]) => ({ name, value }));
  return { ...row, data_fields: labels, fields };
}

/** The list's field tags in the reader's language (the form's `fields` keep what is stored). */
function fieldLabelsIn(row: Row, lang: Lang): Row {
  const labels = row.data_fields;
  if (lang === 'zh-cn' || !labels || typeof labels !== 'object') return row;
  const shown = Object.entries(labels as Record<string, string>).map(([field, label]) => [
    field,
    SENSITIVE_FIELD_LABELS.show(field, label, lang),
  ]);
  return { ...row, data_fields: Object.fromEntries(shown) };
}

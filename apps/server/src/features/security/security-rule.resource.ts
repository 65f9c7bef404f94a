/**
 * security.DataRecycle and security.SensitiveData — which controllers' deletes go to the
 * recycle bin and which fields' edits are logged. Both are checked against what exists: the
 * controller must be a registered resource that deletes (or edits), the table one of the
 * application's, the key and fields its columns. A rule naming anything else is refused, so a
 * rule can never put an unchecked identifier into SQL.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { type Row, registerResource } from '../../crud/resource.js';
import { deleteRowsById, updateFoundRow } from '../../crud/row-writes.js';
import { requireColumn, requireTable } from '../../crud/table-info.js';
import { insertId } from '../../db/insert-id.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { input, parseInput } from '../../http/validate.js';
import { RECYCLE_RULE_NAMES, SENSITIVE_RULE_NAMES } from '../../i18n/seeded-titles.js';
import { controllerKey, parseFields } from './audit.js';
import { monitorableControllers, type RuleKind } from './monitorable.js';

const ruleBody = z.object({
  name: input.required(50),
  controller: input.required(100),
  data_table: input.required(64),
  primary_key: input.required(64),
  status: z.enum(['0', '1']).default('1'),
});
const fieldsBody = z.object({
  fields: z
    .array(z.object({ name: input.required(64), value: input.text(50).default('') }))
    .min(1)
    .max(50),
});

type RuleTable = 'security_data_recycle' | 'security_sensitive_data';

interface Kind {
  kind: RuleKind;
  controller: string;
  table: RuleTable;
}

const KINDS: Kind[] = [
  { kind: 'recycle', controller: 'security.DataRecycle', table: 'security_data_recycle' },
  { kind: 'sensitive', controller: 'security.SensitiveData', table: 'security_sensitive_data' },
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

  /** The validated row to store, or a clear refusal. */
  async function ruleRow(body: unknown, id: number | null, trx: Kysely<Database>) {
    const data = parseInput(ruleBody, body);
    const options = await monitorableControllers(app, trx, kind);
    const option = options.find((o) => o.value.toLowerCase() === data.controller.toLowerCase());
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
    if (kind === 'recycle') return row;
    const { fields } = parseInput(fieldsBody, body);
    const labels = Object.fromEntries(fields.map((f) => [requireColumn(info, f.name), f.value]));
    return { ...row, data_fields: JSON.stringify(labels) };
  }

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
    localise: (rows, lang) => names.localise(rows, 'id', 'name', lang),
    indexExtra: async (request) => ({
      controllers: await monitorableControllers(app, ctx.db.kysely, kind, request.lang),
    }),
    switchFields: ['status'],
    add: async (body, w) => {
      const row = await ruleRow(body, null, w.trx);
      await insertId(ctx.db, w.trx.insertInto(t).values({ ...row, create_time: row.update_time }));
    },
    edit: async (id, body, w) => {
      const row = await ruleRow(body, id, w.trx);
      await updateFoundRow(w.trx.updateTable(t).set(row).where('id', '=', id));
    },
    del: deleteRowsById(t),
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

/**
 * What the recycle log and the sensitive-data log share: the list joined with its rule and
 * the administrator who acted, the filterable fields, and the info query.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ListField } from '../../crud/list-params.js';
import type { AnySelect, Row } from '../../crud/resource.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';

type LogTable = 'security_data_recycle_log' | 'security_sensitive_data_log';
type RuleTable = 'security_data_recycle' | 'security_sensitive_data';

export function logFields(table: LogTable, rule: string): Record<string, ListField> {
  return {
    id: { column: `${table}.id`, type: 'number' },
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
export function logListQuery(
  db: Kysely<Database>,
  table: LogTable,
  ruleTable: RuleTable,
  foreignKey: 'recycle_id' | 'sensitive_id',
  rule: string,
): AnySelect {
  const undo = table === 'security_data_recycle_log' ? 'restore_admin_id' : 'rollback_admin_id';
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
      `${table}.${undo}` as 'security_data_recycle_log.restore_admin_id',
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

export async function logInfo(
  db: Kysely<Database>,
  table: LogTable,
  ruleTable: RuleTable,
  foreignKey: 'recycle_id' | 'sensitive_id',
  rule: string,
  id: number,
): Promise<Row> {
  const row = (await logListQuery(db, table, ruleTable, foreignKey, rule)
    .where(`${table}.id`, '=', id)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw new ApiError('Record not found');
  return row;
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

/** A restore or rollback may touch settings, groups or rules: drop what is cached from them. */
export function forgetCaches(ctx: AppContext): void {
  ctx.settings.invalidate();
  ctx.adminAuth.forgetGrants();
}

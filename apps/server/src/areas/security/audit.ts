/**
 * The data-recycle and sensitive-data captures (docs/architecture.md, "Request pipeline"), in the data layer: a
 * delete or edit through a monitored resource writes its log inside the same transaction,
 * so a failed write leaves no entry and a failed capture fails the write.
 */
import { createHmac } from 'node:crypto';
import {
  type Database,
  type Db,
  type DroppedTable,
  now,
  requireColumn,
  requireTable,
  type TableName,
  type WriteCaptures,
  type WriteContext,
} from '@portico/server-sdk';
import { type Selectable, sql } from 'kysely';

/** The rule key of a controller: `auth.Admin` → `auth/admin`, as the rules store it. */
export function controllerKey(controller: string): string {
  return controller.replaceAll('.', '/').toLowerCase();
}

/** Password-like fields: their written value is never shown, only `******`. */
function isSecretField(field: string): boolean {
  return /password|salt/i.test(field);
}

/**
 * A stored password hash (the SDK's `hashPassword`, argon2), whatever its field is called: a
 * generated screen's password field may be named `pin` or `secret`.
 */
function isPasswordHash(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('$argon2');
}

/** A value the logs show as `******`: a password-like field's, or any password hash. */
export function isSecret(field: string, value: unknown): boolean {
  return isSecretField(field) || isPasswordHash(value);
}

export const MASK = '******';

/**
 * Rows that belong to a deleted row and are deleted with it (an administrator's group
 * memberships). The recycle entry keeps them under DEPENDENTS_KEY, so a restore brings the
 * administrator back with their groups.
 */
export const DEPENDENTS: Partial<Record<TableName, { table: TableName; column: string }[]>> = {
  admin: [{ table: 'admin_group_access', column: 'uid' }],
};
export const DEPENDENTS_KEY = '__dependents';

export function valueDigest(secret: string, value: unknown): string {
  return createHmac('sha256', secret)
    .update(`sensitive:${stringOf(value)}`)
    .digest('hex');
}

/** How a column value is kept in the logs: text, with NULL as null. */
function stringOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

function who(w: WriteContext) {
  return {
    admin_id: w.request.admin?.id ?? 0,
    ip: w.request.ip,
    useragent: String(w.request.headers['user-agent'] ?? '').slice(0, 255),
    create_time: now(),
  };
}

/** The first enabled rule watching a controller, read in the write's transaction. */
function enabledRule<T extends 'security_data_recycle' | 'security_sensitive_data'>(
  w: WriteContext,
  table: T,
  controller: string,
) {
  // Both rule tables share these columns; the cast narrows Kysely's table union.
  return w.trx
    .selectFrom(table as 'security_sensitive_data')
    .selectAll()
    .where('controller_as', '=', controllerKey(controller))
    .where('status', '=', '1')
    .orderBy('id')
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/**
 * The captures the app hands the resource helper (AppContext.captures), and the config
 * routes' deletes use too: deletes filed in the recycle log, edits of monitored fields in the
 * sensitive-data log.
 */
export function writeCaptures(db: Db, appSecret: string): WriteCaptures {
  return {
    deletes: (w, controller, ids, del) => captureDeletes(db, w, controller, ids, del),
    edit: (w, controller, id, edit) => captureEdit(db, appSecret, w, controller, id, edit),
    dropped: (w, table) => captureDropped(w, table),
  };
}

/** Runs `del`, then files every row it actually removed in the recycle log. */
async function captureDeletes(
  db: Db,
  w: WriteContext,
  controller: string,
  ids: number[],
  del: () => Promise<number>,
): Promise<number> {
  const rule = await enabledRule(w, 'security_data_recycle', controller);
  if (!rule) return del();
  const table = await requireTable(db, rule.data_table, w.trx);
  const pk = requireColumn(table, rule.primary_key);
  const select = () =>
    sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)} where ${sql.ref(pk)} in (${sql.join(ids)})`
      .execute(w.trx)
      .then((result) => result.rows);
  const before = await select();
  const dependents = await selectDependents(w, table.name, ids);
  const count = await del();
  const left = new Set((await select()).map((row) => String(row[pk])));
  const gone = before.filter((row) => !left.has(String(row[pk])));
  if (gone.length > 0) {
    await w.trx
      .insertInto('security_data_recycle_log')
      .values(
        gone.map((row) => ({
          ...who(w),
          recycle_id: rule.id,
          ...splitSecrets(withDependents(row, row[pk], dependents)),
          data_table: table.name,
          connection: rule.connection,
          primary_key: pk,
        })),
      )
      .execute();
  }
  return count;
}

/**
 * Entries per insert when a dropped table is filed: few enough bound values for every
 * database (SQLite allows 32,766 in one statement, PostgreSQL 65,535).
 */
const DROPPED_PER_INSERT = 500;

/**
 * Files every row of a table about to be dropped, under the rule watching its screen when
 * there is one (0 otherwise). The rows come from the caller, which read them in this
 * transaction; no name of it reaches SQL here. A restore checks the table and its key against
 * the database again, so it succeeds only once the table exists again.
 */
async function captureDropped(w: WriteContext, dropped: DroppedTable): Promise<void> {
  const rule = await enabledRule(w, 'security_data_recycle', dropped.controller);
  const entries = dropped.rows.map((row) => ({
    ...who(w),
    recycle_id: rule?.id ?? 0,
    ...splitSecrets(row),
    data_table: dropped.table,
    connection: rule?.connection ?? '',
    primary_key: dropped.primaryKey,
  }));
  for (let start = 0; start < entries.length; start += DROPPED_PER_INSERT) {
    await w.trx
      .insertInto('security_data_recycle_log')
      .values(entries.slice(start, start + DROPPED_PER_INSERT))
      .execute();
  }
}

/**
 * A deleted row as `data` with password-like fields shown as ******, and those fields apart
 * in `secret_data`: the log can be searched and shown without exposing hashes, and a
 * restore still brings them back.
 */
function splitSecrets(row: Record<string, unknown>): { data: string; secret_data: string | null } {
  const secrets = Object.fromEntries(
    Object.entries(row).filter(([key, value]) => isSecret(key, value) && value),
  );
  const shown = Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, key in secrets ? MASK : value]),
  );
  return {
    data: JSON.stringify(shown),
    secret_data: Object.keys(secrets).length > 0 ? JSON.stringify(secrets) : null,
  };
}

type Dependents = { table: TableName; column: string; rows: Record<string, unknown>[] }[];

async function selectDependents(w: WriteContext, table: TableName, ids: number[]): Promise<Dependents> {
  const found: Dependents = [];
  for (const { table: dependent, column } of DEPENDENTS[table] ?? []) {
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(dependent)} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(w.trx);
    found.push({ table: dependent, column, rows: rows.rows });
  }
  return found;
}

function withDependents(row: Record<string, unknown>, key: unknown, dependents: Dependents) {
  const mine = Object.fromEntries(
    dependents
      .map(
        ({ table, column, rows }) => [table, rows.filter((r) => String(r[column]) === String(key))] as const,
      )
      .filter(([, rows]) => rows.length > 0),
  );
  return Object.keys(mine).length > 0 ? { ...row, [DEPENDENTS_KEY]: mine } : row;
}

/** Runs `edit`, then logs each monitored field whose stored value it changed. */
async function captureEdit(
  db: Db,
  appSecret: string,
  w: WriteContext,
  controller: string,
  id: number,
  edit: () => Promise<void>,
): Promise<void> {
  const rule = await enabledRule(w, 'security_sensitive_data', controller);
  if (!rule) return edit();
  const table = await requireTable(db, rule.data_table, w.trx);
  const pk = requireColumn(table, rule.primary_key);
  const labels = parseFields(rule.data_fields);
  const fields = Object.keys(labels).map((field) => requireColumn(table, field));
  if (fields.length === 0) return edit();
  const read = () =>
    sql<
      Record<string, unknown>
    >`select ${sql.join(fields.map((f) => sql.ref(f)))} from ${sql.table(table.name)} where ${sql.ref(pk)} = ${id}`
      .execute(w.trx)
      .then((result) => result.rows[0]);
  const before = await read();
  await edit();
  const after = await read();
  if (!before || !after) return;
  const changes = fields.filter((field) => stringOf(before[field]) !== stringOf(after[field]));
  if (changes.length === 0) return;
  await w.trx
    .insertInto('security_sensitive_data_log')
    .values(
      changes.map((field) => ({
        ...who(w),
        sensitive_id: rule.id,
        data_table: table.name,
        connection: rule.connection,
        primary_key: pk,
        data_field: field,
        data_comment: labels[field] ?? '',
        id_value: id,
        before: stringOf(before[field]),
        after: isSecret(field, after[field]) || isPasswordHash(before[field]) ? MASK : stringOf(after[field]),
        after_digest: valueDigest(appSecret, after[field]),
      })),
    )
    .execute();
}

/** `data_fields` JSON: {field: label}. A broken value monitors nothing rather than failing writes. */
export function parseFields(json: string | null): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v ?? '')]));
    }
  } catch {
    // fall through
  }
  return {};
}

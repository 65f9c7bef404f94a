/**
 * auth.Admin — administrator accounts. Non-super administrators see and change only
 * themselves and the administrators ALL of whose groups are below them (admin-scope.ts),
 * and may assign only groups below them; nobody can delete or disable their own account.
 */
import {
  ACCOUNT_PATTERN,
  AdminController,
  type AdminRow,
  EMAIL_PATTERN,
  type ImportChoice,
  MESSAGES,
  MOBILE_PATTERN,
  PASSWORD_PATTERN,
} from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { signedInAdmin } from '../../auth/admin-auth.js';
import { hashPassword } from '../../auth/passwords.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../crud/list-params.js';
import { type Row, registerResource } from '../../crud/resource.js';
import { assertUniqueAccount } from '../../crud/unique.js';
import type { WriteContext } from '../../crud/write-context.js';
import { insertId } from '../../db/insert-id.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { ApiError, Code } from '../../http/errors.js';
import { checkNickname, input } from '../../http/validate.js';
import type { Lang } from '../../i18n/index.js';
import { ADMIN_GROUP_NAMES } from '../../i18n/seeded-titles.js';
import { groupIdsOf, manageableAdminIds, manageableGroupIds, withinReach } from './admin-scope.js';

/** Columns a client may see; password, salt and failure counters never leave the server. */
const PUBLIC_COLUMNS = [
  'admin.id',
  'admin.username',
  'admin.nickname',
  'admin.avatar',
  'admin.email',
  'admin.mobile',
  'admin.last_login_time',
  'admin.last_login_ip',
  'admin.motto',
  'admin.status',
  'admin.update_time',
  'admin.create_time',
] as const;

const baseFields = {
  username: z.string().trim().regex(ACCOUNT_PATTERN, MESSAGES.account),
  nickname: input.nickname(),
  avatar: input.optionalText(255),
  email: input.optionalFormat(EMAIL_PATTERN, MESSAGES.email, 50),
  mobile: input.optionalFormat(MOBILE_PATTERN, MESSAGES.mobile, 11),
  motto: input.optionalText(255),
  status: z.enum(['0', '1']).default('1'),
  group_arr: input.ids(100).describe('The ids of the groups the administrator belongs to.'),
};
const addBody = z.object({ ...baseFields, password: z.string().regex(PASSWORD_PATTERN, MESSAGES.password) });
const editBody = z.object({
  ...baseFields,
  id: input.id(),
  // Blank means unchanged.
  password: z
    .union([z.literal(''), z.string().regex(PASSWORD_PATTERN, MESSAGES.password)])
    .default('')
    .describe('A new password; blank keeps the current one.'),
});
/** An administrator as listed and as loaded into the edit form: never the password or its salt. */
const adminRow = z.looseObject({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string(),
  mobile: z.string(),
  last_login_time: z.number().nullable(),
  last_login_ip: z.string(),
  motto: z.string(),
  status: z.enum(['0', '1']),
  update_time: z.number().nullable(),
  create_time: z.number().nullable(),
  group_arr: z.array(z.number()).describe('The ids of their groups.'),
  group_name_arr: z.array(z.string()).describe('The names of their groups, in the order of group_arr.'),
  password: z.literal('').optional().describe('The edit form only: always blank, a password is never shown.'),
}) satisfies z.ZodType<AdminRow>;

export function registerAdminResource(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;

  const scope = async (db: Kysely<Database>, request: FastifyRequest) =>
    manageableAdminIds(db, signedInAdmin(request));
  // Builders are immutable: the listed columns are parsed once, not on every list request.
  const listed = kysely.selectFrom('admin').select(PUBLIC_COLUMNS);
  const withGroups = groupsAdder(kysely);

  registerResource(app, ctx, {
    controller: AdminController.admin,
    table: 'admin',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'admin.id', type: 'number' },
        username: { column: 'admin.username', type: 'string' },
        nickname: { column: 'admin.nickname', type: 'string' },
        email: { column: 'admin.email', type: 'string' },
        mobile: { column: 'admin.mobile', type: 'string' },
        status: { column: 'admin.status', type: 'string' },
        last_login_time: { column: 'admin.last_login_time', type: 'time' },
        create_time: { column: 'admin.create_time', type: 'time' },
        update_time: { column: 'admin.update_time', type: 'time' },
      },
      quickSearch: ['username', 'nickname'],
      quickSearchIndex: 'admin_search',
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    listQuery: async (db, request) => {
      const visible = await scope(db, request);
      return visible === 'all' ? listed : listed.where('admin.id', 'in', [...visible]);
    },
    row: adminRow,
    present: withGroups,
    localise: groupNamesIn,
    loadRow: async (id, request) => {
      const visible = await scope(kysely, request);
      if (visible !== 'all' && !visible.has(id)) return undefined;
      const row = await kysely
        .selectFrom('admin')
        .select(PUBLIC_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const [withGroup] = await withGroups([row]);
      return { ...withGroup, password: '' };
    },
    addBody,
    importable: true,
    importChoices: { group_arr: adminGroupChoices },
    prepareAdd: async ({ password, ...data }) => ({ ...data, passwordHash: await hashPassword(password) }),
    add: async (data, w) => {
      checkNickname(data.nickname);
      await assertUniqueAccount(w.trx, 'admin', data, 0);
      await assertAssignable(w, data.group_arr, null);
      const { group_arr, passwordHash, ...fields } = data;
      const time = now();
      const id = await insertId(
        ctx.db,
        w.trx.insertInto('admin').values({
          ...fields,
          password: passwordHash,
          salt: '',
          create_time: time,
          update_time: time,
        }),
      );
      await setGroups(w.trx, id, group_arr);
    },
    assertReach: async (id, request) => {
      const visible = await scope(kysely, request);
      if (visible !== 'all' && !visible.has(id)) throw noPermission();
    },
    editBody,
    edit: async (id, data, w) => {
      const me = signedInAdmin(w.request);
      const visible = await scope(w.trx, w.request);
      if (visible !== 'all' && !visible.has(id)) throw noPermission();
      if (id === me.id && data.status === '0') {
        throw new ApiError('Please use another administrator account to disable the current account!');
      }
      const existing = await w.trx
        .selectFrom('admin')
        .select('nickname')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw new ApiError('Record not found');
      checkNickname(data.nickname, existing.nickname);
      await assertUniqueAccount(w.trx, 'admin', data, id);
      await assertAssignable(w, data.group_arr, id);
      const { group_arr, password, id: _id, ...fields } = data;
      const secret = password ? { password: await hashPassword(password), salt: '', login_failure: 0 } : {};
      await w.trx
        .updateTable('admin')
        .set({ ...fields, ...secret, update_time: now() })
        .where('id', '=', id)
        .execute();
      await setGroups(w.trx, id, group_arr);
      // A new password or a disabled account signs that administrator out everywhere.
      if (password || data.status === '0') await revokeTokens(w.trx, id);
    },
    del: async (ids, w) => deleteAdmins(ids, w, await scope(w.trx, w.request)),
  });
}

function noPermission(): ApiError {
  return new ApiError('You have no permission', [], Code.noPermission);
}

async function deleteAdmins(ids: number[], w: WriteContext, visible: Set<number> | 'all') {
  const me = signedInAdmin(w.request);
  if (ids.includes(me.id)) throw new ApiError('You cannot delete your own account');
  // One id out of reach refuses the whole request: a batch never half-succeeds.
  if (visible !== 'all' && ids.some((id) => !visible.has(id))) throw noPermission();
  const existing = await w.trx.selectFrom('admin').select('id').where('id', 'in', ids).execute();
  const targets = existing.map((row) => row.id);
  if (targets.length === 0) return 0;
  await w.trx.deleteFrom('admin_group_access').where('uid', 'in', targets).execute();
  await w.trx
    .deleteFrom('token')
    .where('user_id', 'in', targets)
    .where('type', 'in', ['admin', 'admin-refresh'])
    .execute();
  const result = await w.trx.deleteFrom('admin').where('id', 'in', targets).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Adds `group_arr` (ids) and `group_name_arr` (names) to listed administrators. Every list
 * page asks, so the query is compiled once for each page length.
 */
function groupsAdder(kysely: Kysely<Database>) {
  const byLength = new Map<
    number,
    (...ids: number[]) => Promise<{ uid: number; id: number; name: string }[]>
  >();
  const links = (ids: number[]) => {
    let query = byLength.get(ids.length);
    if (!query) {
      query = preparedQuery(kysely, ids.length, (...uids: number[]) =>
        kysely
          .selectFrom('admin_group_access')
          .innerJoin('admin_group', 'admin_group.id', 'admin_group_access.group_id')
          .select(['admin_group_access.uid', 'admin_group.id', 'admin_group.name'])
          .where('admin_group_access.uid', 'in', uids)
          .orderBy('admin_group.id'),
      );
      if (ids.length <= LIMITS.limit) byLength.set(ids.length, query);
    }
    return query(...ids);
  };
  return async (rows: Row[]): Promise<Row[]> => {
    if (rows.length === 0) return rows;
    const found = await links(rows.map((row) => Number(row.id)));
    // The rows are fresh from the query: filled in place rather than copied.
    for (const row of rows) {
      const mine = found.filter((link) => link.uid === row.id);
      row.group_arr = mine.map((l) => l.id);
      row.group_name_arr = mine.map((l) => l.name);
    }
    return rows;
  };
}

/**
 * A file may name an administrator's groups as the list shows them. All groups are offered;
 * the save refuses one the importing administrator may not hand out.
 */
async function adminGroupChoices(db: Kysely<Database>, lang: Lang): Promise<ImportChoice[]> {
  const groups = await db.selectFrom('admin_group').select(['id', 'name']).orderBy('id').execute();
  return groups.map(({ id, name }) => ({ value: String(id), label: ADMIN_GROUP_NAMES.show(id, name, lang) }));
}

/** Seeded group names in the reader's language (the names stay as stored in the edit form). */
function groupNamesIn(rows: Row[], lang: Lang): Row[] {
  if (lang === 'zh-cn') return rows;
  for (const row of rows) {
    const ids = row.group_arr as number[];
    const names = row.group_name_arr as string[];
    row.group_name_arr = names.map((name, i) => ADMIN_GROUP_NAMES.show(ids[i] ?? 0, name, lang));
  }
  return rows;
}

async function setGroups(trx: Transaction<Database>, adminId: number, groupIds: number[]): Promise<void> {
  await trx.deleteFrom('admin_group_access').where('uid', '=', adminId).execute();
  const unique = [...new Set(groupIds)];
  await trx
    .insertInto('admin_group_access')
    .values(unique.map((group_id) => ({ uid: adminId, group_id })))
    .execute();
}

async function revokeTokens(trx: Transaction<Database>, adminId: number): Promise<void> {
  await trx
    .deleteFrom('token')
    .where('user_id', '=', adminId)
    .where('type', 'in', ['admin', 'admin-refresh'])
    .execute();
}

/**
 * Groups must exist; a non-super administrator gives another account only groups below
 * their own — the same rule that decides whether they may change that account at all, so
 * an account they can edit never ends up holding a group they do not manage. On their own
 * account (`targetId` is theirs) the groups they already hold may stay.
 */
async function assertAssignable(w: WriteContext, groupIds: number[], targetId: number | null) {
  const exists = await w.trx.selectFrom('admin_group').select('id').where('id', 'in', groupIds).execute();
  if (exists.length !== new Set(groupIds).size) throw new ApiError('The selected group does not exist');
  const me = signedInAdmin(w.request);
  if (me.super) return;
  const allowed = await manageableGroupIds(w.trx, me);
  if (targetId === me.id) for (const id of await groupIdsOf(w.trx, me.id)) allowed.add(id);
  if (!withinReach(groupIds, allowed)) {
    throw new ApiError('You have no permission to add an administrator to this group!');
  }
}

/**
 * user.User — member accounts. Balance and points are shown but never set here: they move
 * only through the balance and points logs, which keep their history.
 */

import {
  ApiError,
  type AppContext,
  assertUniqueAccount,
  centsToString,
  checkNickname,
  type Database,
  hashPassword,
  input,
  insertId,
  type Lang,
  type ListSpec,
  MEMBER_GROUP_NAMES,
  now,
  type Row,
  registerResource,
  updateFoundRow,
} from '@portico/server-sdk';
import {
  ACCOUNT_PATTERN,
  AdminController,
  EMAIL_PATTERN,
  type ImportChoice,
  MESSAGES,
  type MemberRow,
  MOBILE_PATTERN,
  PASSWORD_PATTERN,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';

const PUBLIC_COLUMNS = [
  'user.id',
  'user.group_id',
  'user.username',
  'user.nickname',
  'user.email',
  'user.mobile',
  'user.avatar',
  'user.gender',
  'user.birthday',
  'user.money',
  'user.score',
  'user.last_login_time',
  'user.last_login_ip',
  'user.join_time',
  'user.motto',
  'user.status',
  'user.update_time',
  'user.create_time',
] as const;

const fields = {
  username: z.string().trim().regex(ACCOUNT_PATTERN, MESSAGES.account),
  nickname: input.nickname(),
  group_id: input.id(),
  avatar: input.optionalText(255),
  email: input.optionalFormat(EMAIL_PATTERN, MESSAGES.email, 50),
  mobile: input.optionalFormat(MOBILE_PATTERN, MESSAGES.mobile, 11),
  gender: z.coerce.number().int().min(0).max(2).default(0).describe('0 unknown, 1 male, 2 female.'),
  birthday: input.optionalDate().describe("YYYY-MM-DD; '' for none."),
  motto: input.optionalText(255),
  status: z.enum(['enable', 'disable']).default('enable'),
};
const addBody = z.object({ ...fields, password: z.string().regex(PASSWORD_PATTERN, MESSAGES.password) });
const editBody = z.object({
  ...fields,
  // Blank means unchanged.
  password: z
    .union([z.literal(''), z.string().regex(PASSWORD_PATTERN, MESSAGES.password)])
    .default('')
    .describe("A new password; '' keeps the current one."),
});
/**
 * A member as listed and as loaded into the edit form (never the password hash). Balance and
 * points are shown only: they move through the balance and points logs.
 */
const userRow = z.looseObject({
  id: z.number(),
  group_id: z.number(),
  group_name: z.string().nullable().optional().describe('Listed only: the group, in the reader’s language.'),
  // The original client's member list reads the group nested (its `group.name` column).
  group: z
    .object({ name: z.string() })
    .nullable()
    .optional()
    .describe('Listed only: the group as `{ name }`, the same name as group_name.'),
  username: z.string(),
  nickname: z.string(),
  nickname_text: z.string().describe('"username(ID:id)", the label of remote selects.'),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  gender: z.number(),
  birthday: z.string().nullable(),
  money: z.string().describe('The balance, a 2-decimal string.'),
  score: z.number(),
  last_login_time: z.number().nullable(),
  last_login_ip: z.string(),
  join_time: z.number().nullable(),
  motto: z.string(),
  status: z.string().describe('enable or disable.'),
  password: z.literal('').optional().describe("Edit form only: always ''."),
  update_time: z.number().nullable(),
  create_time: z.number().nullable(),
}) satisfies z.ZodType<MemberRow>;

/** Money in cents leaves as a 2-decimal string; remote selects label members by name and id. */
function present(rows: Row[]): Row[] {
  return rows.map((row) => ({
    ...row,
    money: centsToString(Number(row.money ?? 0)),
    nickname_text: `${String(row.username)}(ID:${String(row.id)})`,
  }));
}

/** The localised group name, also nested as the original client's list reads it (`group.name`). */
function nestGroup(row: Row): Row {
  return { ...row, group: typeof row.group_name === 'string' ? { name: row.group_name } : null };
}

/** The member list's columns, also what tests of its query paths list with. */
export const USER_LIST: ListSpec = {
  pk: 'id',
  fields: {
    id: { column: 'user.id', type: 'number' },
    username: { column: 'user.username', type: 'string' },
    nickname: { column: 'user.nickname', type: 'string' },
    email: { column: 'user.email', type: 'string' },
    mobile: { column: 'user.mobile', type: 'string' },
    gender: { column: 'user.gender', type: 'number' },
    group_id: { column: 'user.group_id', type: 'number' },
    'group.name': { column: 'user_group.name', type: 'string' },
    last_login_ip: { column: 'user.last_login_ip', type: 'string' },
    last_login_time: { column: 'user.last_login_time', type: 'time' },
    create_time: { column: 'user.create_time', type: 'time' },
    status: { column: 'user.status', type: 'string' },
  },
  quickSearch: ['username', 'nickname'],
  quickSearchIndex: 'user_search',
  defaultOrder: { field: 'id', direction: 'desc' },
};

export function registerUserResource(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;
  registerResource(app, ctx, {
    controller: AdminController.member,
    table: 'user',
    list: USER_LIST,
    listQuery: (db) =>
      db
        .selectFrom('user')
        .leftJoin('user_group', 'user_group.id', 'user.group_id')
        .select(PUBLIC_COLUMNS)
        .select('user_group.name as group_name'),
    present: async (rows) => present(rows),
    localise: (rows, lang) =>
      MEMBER_GROUP_NAMES.localise(rows, 'group_id', 'group_name', lang).map(nestGroup),
    row: userRow,
    loadRow: async (id) => {
      const row = await kysely
        .selectFrom('user')
        .select(PUBLIC_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...present([row])[0], password: '' } : undefined;
    },
    addBody,
    importable: true,
    importChoices: { group_id: memberGroupChoices },
    prepareAdd: async ({ password, ...data }) => ({ ...data, passwordHash: await hashPassword(password) }),
    add: async ({ passwordHash, ...data }, w) => {
      checkNickname(data.nickname);
      await checkUser(w.trx, data, 0);
      const time = now();
      await insertId(
        ctx.db,
        w.trx.insertInto('user').values({
          ...data,
          password: passwordHash,
          salt: '',
          join_time: time,
          create_time: time,
          update_time: time,
        }),
      );
    },
    editBody,
    edit: async (id, { password, ...data }, w) => {
      const stored = await w.trx
        .selectFrom('user')
        .select('nickname')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!stored) throw new ApiError('Record not found');
      checkNickname(data.nickname, stored.nickname);
      await checkUser(w.trx, data, id);
      await updateFoundRow(
        w.trx
          .updateTable('user')
          .set({
            ...data,
            ...(password ? { password: await hashPassword(password), salt: '' } : {}),
            update_time: now(),
          })
          .where('id', '=', id),
      );
      // A new password or a disabled account signs the member out everywhere.
      if (password || data.status === 'disable') {
        await w.trx
          .deleteFrom('token')
          .where('user_id', '=', id)
          .where('type', 'in', ['user', 'user-refresh'])
          .execute();
      }
    },
    del: async (ids, w) => {
      const rows = await w.trx.selectFrom('user').select('id').where('id', 'in', ids).execute();
      const found = rows.map((row) => row.id);
      if (found.length === 0) return 0;
      await w.trx
        .deleteFrom('token')
        .where('user_id', 'in', found)
        .where('type', 'in', ['user', 'user-refresh'])
        .execute();
      await w.trx.deleteFrom('user').where('id', 'in', found).execute();
      return found.length;
    },
  });
}

/** A file may name a member's group as the list shows it: its name, seeded ones translated. */
async function memberGroupChoices(db: Kysely<Database>, lang: Lang): Promise<ImportChoice[]> {
  const groups = await db.selectFrom('user_group').select(['id', 'name']).orderBy('id').execute();
  return groups.map(({ id, name }) => ({
    value: String(id),
    label: MEMBER_GROUP_NAMES.show(id, name, lang),
  }));
}

/** The group exists; username, e-mail and mobile belong to one member each. */
async function checkUser(
  trx: Transaction<Database>,
  data: { username: string; email: string; mobile: string; group_id: number },
  exceptId: number,
): Promise<void> {
  const group = await trx
    .selectFrom('user_group')
    .select('id')
    .where('id', '=', data.group_id)
    .executeTakeFirst();
  if (!group) throw new ApiError('The selected group does not exist');
  await assertUniqueAccount(trx, 'user', data, exceptId);
}

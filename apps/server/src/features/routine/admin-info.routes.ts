/**
 * routine.AdminInfo — the caller's own profile. Whatever id a request carries, only the
 * caller's row is read or changed (the original trusted a posted id). The caller's own
 * admin-log entries feed the profile's timeline.
 */
import { AdminController, EMAIL_PATTERN, MESSAGES, MOBILE_PATTERN, PASSWORD_PATTERN } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signedInAdmin } from '../../auth/admin-auth.js';
import { hashPassword } from '../../auth/passwords.js';
import { ADMIN_SESSION_TYPES } from '../../auth/session-types.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { wallClockText } from '../../crud/time-zone.js';
import { assertUniqueAccount } from '../../crud/unique.js';
import { ok } from '../../http/envelope.js';
import { adminController, defineAction } from '../../http/routes.js';
import { checkNickname, input } from '../../http/validate.js';
import { localiseLogTitles } from '../../i18n/log-titles.js';

const profileBody = z.object({
  nickname: input.nickname(),
  email: input.optionalFormat(EMAIL_PATTERN, MESSAGES.email, 50),
  mobile: input.optionalFormat(MOBILE_PATTERN, MESSAGES.mobile, 11),
  motto: input.optionalText(255),
  password: z
    .union([z.literal(''), z.string().regex(PASSWORD_PATTERN, MESSAGES.password)])
    .default('')
    .describe('A new password; blank keeps the current one.'),
});
/**
 * An avatar alone (a non-empty string and no nickname) is the avatar picker saving at once;
 * anything else is the profile form. When neither shape fits, zod reports the one that failed
 * only a check (the other lacks or mistypes a field); an empty avatar aborts, so `avatar: ''`
 * hears the profile form's refusal, and the last shape (the form) speaks when both abort.
 */
const avatarBody = z.object({
  avatar: z
    .string()
    .min(1, { abort: true })
    .trim()
    .min(1)
    .max(255)
    .describe('The new avatar URL, saved alone.'),
  nickname: z.never().optional(),
});
const editBody = z.union([avatarBody, profileBody]);
const logQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(12),
});

export function registerAdminInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;
  adminController(app, ctx, AdminController.adminInfo, [
    defineAction({
      action: 'index',
      method: 'GET',
      schema: {
        summary: "The caller's own profile",
        data: z.object({
          info: z.object({
            id: z.number(),
            username: z.string(),
            nickname: z.string(),
            avatar: z.string(),
            email: z.string(),
            mobile: z.string(),
            motto: z.string(),
            last_login_time: z
              .string()
              .describe("As the original renders it: `Y-m-d H:i:s` in the site's time zone; '' before any."),
          }),
        }),
      },
      handler: async (request) => {
        const info = await kysely
          .selectFrom('admin')
          .select(['id', 'username', 'nickname', 'avatar', 'email', 'mobile', 'motto', 'last_login_time'])
          .where('id', '=', signedInAdmin(request).id)
          .executeTakeFirstOrThrow();
        const zone = await ctx.settings.get('time_zone');
        return ok({ info: { ...info, last_login_time: wallClockText(info.last_login_time, zone) } });
      },
    }),
    defineAction({
      action: 'edit',
      method: 'POST',
      schema: {
        summary: "Save the caller's own profile, or their avatar alone",
        body: editBody,
        data: z.null(),
      },
      handler: async (request) => {
        const admin = signedInAdmin(request);
        const { id } = admin;
        const { body } = request;
        if ('avatar' in body) {
          const { avatar } = body;
          await kysely
            .updateTable('admin')
            .set({ avatar, update_time: now() })
            .where('id', '=', id)
            .execute();
          return ok(null, 'Avatar modified successfully!');
        }
        const data = body;
        const stored = await kysely
          .selectFrom('admin')
          .select('nickname')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        checkNickname(data.nickname, stored.nickname);
        await kysely.transaction().execute((trx) => assertUniqueAccount(trx, 'admin', data, id));
        const { password, ...fields } = data;
        await kysely.transaction().execute(async (trx) => {
          await trx
            .updateTable('admin')
            .set({
              ...fields,
              ...(password ? { password: await hashPassword(password), salt: '' } : {}),
              update_time: now(),
            })
            .where('id', '=', id)
            .execute();
          // A new password signs the account out everywhere else.
          if (password) {
            await ctx.tokens.revokeOtherSessions(id, ADMIN_SESSION_TYPES, admin.token, trx);
          }
        });
        return ok(null, 'Update successful');
      },
    }),
    defineAction({
      action: 'log',
      method: 'GET',
      // Part of viewing one's own profile.
      permission: 'routine/admininfo/index',
      schema: {
        summary: "A page of the caller's own admin-log entries, newest first",
        query: logQuery,
        data: z.object({
          list: z.array(
            z.object({
              id: z.number(),
              title: z.string(),
              url: z.string(),
              ip: z.string(),
              create_time: z.number().nullable(),
            }),
          ),
          total: z.number(),
        }),
      },
      handler: async (request) => {
        const { page, limit } = request.query;
        const mine = kysely.selectFrom('admin_log').where('admin_id', '=', signedInAdmin(request).id);
        const [list, counted] = await Promise.all([
          mine
            .select(['id', 'title', 'url', 'ip', 'create_time'])
            .orderBy('id', 'desc')
            .limit(limit)
            .offset((page - 1) * limit)
            .execute(),
          mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        ]);
        return ok({ list: localiseLogTitles(list, request.lang), total: Number(counted?.total ?? 0) });
      },
    }),
  ]);
}

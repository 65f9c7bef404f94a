/**
 * routine.AdminInfo — the caller's own profile. Whatever id a request carries, only the
 * caller's row is read or changed (the original trusted a posted id). The caller's own
 * admin-log entries feed the profile's timeline.
 */
import { EMAIL_PATTERN, MESSAGES, MOBILE_PATTERN, PASSWORD_PATTERN } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signedInAdmin } from '../../auth/admin-auth.js';
import { hashPassword } from '../../auth/passwords.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { assertUniqueAccount } from '../../crud/unique.js';
import { ok } from '../../http/envelope.js';
import { adminController } from '../../http/routes.js';
import { checkNickname, input, parseInput } from '../../http/validate.js';

const profileBody = z.object({
  nickname: input.nickname(),
  email: input.optionalFormat(EMAIL_PATTERN, MESSAGES.email, 50),
  mobile: input.optionalFormat(MOBILE_PATTERN, MESSAGES.mobile, 11),
  motto: input.optionalText(255),
  // Blank means unchanged.
  password: z.union([z.literal(''), z.string().regex(PASSWORD_PATTERN, MESSAGES.password)]).default(''),
});
const avatarBody = z.object({ avatar: z.string().trim().min(1).max(255) });
const logQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(12),
});

export function registerAdminInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;
  adminController(app, ctx, 'routine.AdminInfo', [
    {
      action: 'index',
      method: 'GET',
      handler: async (request) => {
        const info = await kysely
          .selectFrom('admin')
          .select(['id', 'username', 'nickname', 'avatar', 'email', 'mobile', 'motto', 'last_login_time'])
          .where('id', '=', signedInAdmin(request).id)
          .executeTakeFirstOrThrow();
        return ok({ info });
      },
    },
    {
      action: 'edit',
      method: 'POST',
      handler: async (request) => {
        const admin = signedInAdmin(request);
        const { id } = admin;
        const body = (request.body ?? {}) as Record<string, unknown>;
        // An avatar alone is the avatar picker saving at once.
        if (typeof body.avatar === 'string' && body.avatar !== '' && body.nickname === undefined) {
          const { avatar } = parseInput(avatarBody, body);
          await kysely
            .updateTable('admin')
            .set({ avatar, update_time: now() })
            .where('id', '=', id)
            .execute();
          return ok(null, 'Avatar modified successfully!');
        }
        const data = parseInput(profileBody, body);
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
            await ctx.tokens.revokeOtherSessions(id, ['admin', 'admin-refresh'], admin.token, trx);
          }
        });
        return ok(null, 'Update successful');
      },
    },
    {
      action: 'log',
      method: 'GET',
      // Part of viewing one's own profile.
      permission: 'routine/admininfo/index',
      handler: async (request) => {
        const { page, limit } = parseInput(logQuery, request.query);
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
        return ok({ list, total: Number(counted?.total ?? 0) });
      },
    },
  ]);
}

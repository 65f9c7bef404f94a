/**
 * `/api/account/*`: what a signed-in member does with their own account. Every action
 * works on the caller's row only: no id a client sends is ever used to pick the member.
 */
import { ACCOUNT_PATTERN, MESSAGES, PASSWORD_PATTERN } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UserIdentity } from '../../auth/types.js';
import { signedInMember } from '../../auth/user-auth.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { lastDays } from '../../crud/time-zone.js';
import { assertUniqueAccount } from '../../crud/unique.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import type { RouteSchema } from '../../http/route-schema.js';
import { type ApiRouteSpec, apiRoute } from '../../http/routes.js';
import { checkNickname, input } from '../../http/validate.js';
import { centsToString } from '../../ledger/ledger.js';
import { CHANNELS, verificationChannels } from '../verify/index.js';
import { memberInfo, userInfoSchema } from './member-info.js';
import { memberPasswordMatches, setMemberPassword } from './member-password.js';

const VERIFICATION_TOKEN_SECONDS = 600;

const profileBody = z.object({
  avatar: input.optionalText(255),
  username: z.string().trim().regex(ACCOUNT_PATTERN, MESSAGES.account),
  nickname: input.nickname(),
  gender: z.coerce.number().int().min(0).max(2).default(0).describe('0 unknown, 1 male, 2 female.'),
  birthday: input.optionalDate().describe("YYYY-MM-DD; '' for none."),
  motto: input.optionalText(120),
});
const channelField = z.enum(['email', 'mobile'], 'Parameter %s has an unsupported value');
const verificationBody = z.object({
  type: channelField.describe('Which of their addresses the member proves.'),
  captcha: z
    .string()
    .trim()
    .max(16)
    .describe('The code sent to it (event user_email_verify / user_mobile_verify).'),
});
const changeBindBody = z.object({
  type: channelField.describe('Which address is set: the e-mail address or the mobile number.'),
  captcha: z
    .string()
    .trim()
    .max(16)
    .describe('The code sent to the new address (event user_change_email / user_change_mobile).'),
  email: z.string().trim().max(50).default('').describe('The new address when type is email.'),
  mobile: z.string().trim().max(11).default('').describe('The new number when type is mobile.'),
  accountVerificationToken: z
    .string()
    .max(200)
    .default('')
    .describe('From account/verification: proof of the current address, needed to replace one.'),
  password: z.string().max(64).default('').describe("The member's password, needed to set a first address."),
});
const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(64),
  newPassword: z.string().regex(PASSWORD_PATTERN, MESSAGES.password),
});
const retrieveBody = z.object({
  type: channelField.describe('Whether account is an e-mail address or a mobile number.'),
  account: z.string().trim().min(1).max(50).describe('The registered e-mail address or mobile number.'),
  captcha: z.string().trim().max(16).describe('The code sent to it (event user_retrieve_pwd).'),
  password: z.string().regex(PASSWORD_PATTERN, MESSAGES.password).describe('The new password.'),
});
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
const userInfoAnswer = z.object({ userInfo: userInfoSchema.describe('The account as it is now.') });

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;
  const account = <S extends RouteSchema>(spec: Omit<ApiRouteSpec<S>, 'path' | 'memberCenter'>) =>
    apiRoute(app, ctx, {
      access: 'permission',
      ...spec,
      path: `account/${spec.action}`,
      memberCenter: true,
    });

  account({
    action: 'overview',
    method: 'GET',
    schema: {
      summary: "The member's balance and points changes of the last 7 days, per day",
      data: z.object({
        days: z.array(z.string()).describe('The days, YYYY-MM-DD, in the site time zone.'),
        score: z.array(z.number()).describe('Points gained (or spent) each day.'),
        money: z.array(z.string()).describe('Balance change each day, 2-decimal strings.'),
      }),
    },
    handler: async (request) => {
      const user = signedInMember(request);
      const { days, starts } = lastDays(await ctx.settings.get('time_zone'), 7);
      const first = starts[0] ?? 0;
      const sums = async (table: 'user_money_log' | 'user_score_log', column: 'money' | 'score') => {
        const rows = await kysely
          .selectFrom(table)
          .select(['create_time', column])
          .where('user_id', '=', user.id)
          .where('create_time', '>=', first)
          .execute();
        const totals = days.map(() => 0);
        for (const row of rows) {
          const time = row.create_time ?? 0;
          const day = days.findIndex((_, i) => time >= (starts[i] ?? 0) && time < (starts[i + 1] ?? 0));
          if (day >= 0) totals[day] = (totals[day] ?? 0) + Number(row[column as 'money']);
        }
        return totals;
      };
      const [money, score] = await Promise.all([
        sums('user_money_log', 'money'),
        sums('user_score_log', 'score'),
      ]);
      return ok({ days, score, money: money.map(centsToString) });
    },
  });

  account({
    action: 'profile',
    method: 'GET',
    schema: {
      summary: 'What the profile form needs to know',
      data: z.object({
        accountVerificationType: z
          .array(z.enum(['email', 'mobile']))
          .describe('The channels that can deliver a code now.'),
      }),
    },
    handler: async (request) => {
      signedInMember(request);
      return ok({ accountVerificationType: await verificationChannels(ctx) });
    },
  });

  account({
    action: 'profile',
    method: 'POST',
    schema: { summary: "Save the member's profile", body: profileBody, data: userInfoAnswer },
    handler: async (request) => {
      const user = signedInMember(request);
      const body = request.body;
      checkNickname(body.nickname, user.nickname);
      await kysely.transaction().execute(async (trx) => {
        await assertUniqueAccount(trx, 'user', { username: body.username, email: '', mobile: '' }, user.id);
        await trx
          .updateTable('user')
          .set({ ...body, update_time: now() })
          .where('id', '=', user.id)
          .execute();
      });
      return ok({ userInfo: await freshInfo(ctx, user) }, 'Data updated successfully~');
    },
  });

  account({
    action: 'verification',
    method: 'POST',
    access: 'login',
    rateLimited: true,
    schema: {
      summary: "Prove the member's current e-mail address or mobile number with a code",
      body: verificationBody,
      data: z.object({
        type: channelField,
        accountVerificationToken: z.string().describe('Proof for account/changeBind, valid 10 minutes.'),
      }),
    },
    handler: async (request) => {
      const user = signedInMember(request);
      const body = request.body;
      const current = user[body.type];
      if (!current) throw new ApiError('Please enter the correct verification code');
      await ctx.codes.require(current, `user_${body.type}_verify`, body.captcha);
      const token = await ctx.tokens.issue(`${body.type}-pass`, user.id, VERIFICATION_TOKEN_SECONDS);
      return ok({ type: body.type, accountVerificationToken: token });
    },
  });

  account({
    action: 'changeBind',
    method: 'POST',
    access: 'login',
    rateLimited: true,
    schema: {
      summary: "Set or replace the member's e-mail address or mobile number",
      body: changeBindBody,
      data: userInfoAnswer,
    },
    handler: async (request) => {
      const user = signedInMember(request);
      const body = request.body;
      const channel = CHANNELS[body.type];
      const address = body[body.type];
      if (!channel.pattern.test(address)) throw new ApiError(channel.formatMessage, [body.type]);
      await assertUniqueAccount(kysely, 'user', { email: '', mobile: '', [body.type]: address }, user.id);
      // Replacing an address takes proof of the old one; a first address takes the password.
      if (user[body.type]) {
        const found = body.accountVerificationToken
          ? await ctx.tokens.lookup(body.accountVerificationToken, [`${body.type}-pass`])
          : null;
        if (found?.state !== 'valid' || found.row.user_id !== user.id) {
          throw new ApiError('Account verification expired, please verify again');
        }
      } else if (!(await memberPasswordMatches(ctx, user.id, body.password))) {
        throw new ApiError('Password error');
      }
      await ctx.codes.require(address, `user_change_${body.type}`, body.captcha);
      await kysely.transaction().execute(async (trx) => {
        await assertUniqueAccount(trx, 'user', { email: '', mobile: '', [body.type]: address }, user.id);
        await trx
          .updateTable('user')
          .set({ [body.type]: address, update_time: now() })
          .where('id', '=', user.id)
          .execute();
      });
      if (body.accountVerificationToken) await ctx.tokens.revoke(body.accountVerificationToken);
      return ok({ userInfo: await freshInfo(ctx, user) }, 'Update successful');
    },
  });

  account({
    action: 'changePassword',
    method: 'POST',
    rateLimited: true,
    schema: {
      summary: "Change the member's password (signs them out everywhere)",
      body: changePasswordBody,
      data: z.null(),
    },
    handler: async (request) => {
      const user = signedInMember(request);
      const body = request.body;
      if (!(await memberPasswordMatches(ctx, user.id, body.oldPassword)))
        throw new ApiError('Old password error');
      await kysely.transaction().execute((trx) => setMemberPassword(trx, user.id, body.newPassword));
      return ok(null, 'Password has been changed, please login again~');
    },
  });

  for (const [action, table, column] of [
    ['balance', 'user_money_log', 'money'],
    ['integral', 'user_score_log', 'score'],
  ] as const) {
    // Money is a 2-decimal string on the wire, points a number.
    const amount = column === 'money' ? z.string() : z.number();
    account({
      action,
      method: 'GET',
      schema: {
        summary:
          column === 'money'
            ? "The member's balance changes, newest first"
            : "The member's points changes, newest first",
        query: pageQuery,
        data: z.object({
          list: z.array(
            z.object({
              id: z.number(),
              [column]: amount.describe('The change.'),
              before: amount,
              after: amount,
              memo: z.string(),
              create_time: z.number().nullable(),
            }),
          ),
          total: z.number(),
        }),
      },
      handler: async (request) => {
        const user = signedInMember(request);
        const { page, limit } = request.query;
        const [rows, count] = await Promise.all([
          kysely
            .selectFrom(table)
            .select(['id', column, 'before', 'after', 'memo', 'create_time'])
            .where('user_id', '=', user.id)
            .orderBy('id', 'desc')
            .limit(limit)
            .offset((page - 1) * limit)
            .execute(),
          kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('total'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow(),
        ]);
        const money = (value: unknown) => (column === 'money' ? centsToString(Number(value)) : Number(value));
        const list = rows.map((row) => ({
          ...row,
          [column]: money(row[column as keyof typeof row]),
          before: money(row.before),
          after: money(row.after),
        }));
        return ok({ list, total: Number(count.total) });
      },
    });
  }

  apiRoute(app, ctx, {
    path: 'account/retrievePassword',
    action: 'retrievePassword',
    method: 'POST',
    rateLimited: true,
    memberCenter: true,
    schema: {
      summary: 'Reset a forgotten password with a code sent to the e-mail address or mobile number',
      body: retrieveBody,
      data: z.null(),
    },
    handler: async (request) => {
      const body = request.body;
      const owner = await kysely
        .selectFrom('user')
        .select('id')
        .where(body.type, '=', body.account)
        .executeTakeFirst();
      if (!owner) throw new ApiError('Account does not exist~');
      await ctx.codes.require(body.account, 'user_retrieve_pwd', body.captcha);
      await kysely.transaction().execute((trx) => setMemberPassword(trx, owner.id, body.password));
      return ok(null, 'Password has been reset, please log in with the new password');
    },
  });
}

async function freshInfo(ctx: AppContext, user: UserIdentity) {
  const fresh = await ctx.userAuth.identity(user.id, user.token);
  if (!fresh) throw new ApiError('Account disabled');
  return memberInfo(fresh);
}

/**
 * Registration (`checkIn` with `tab=register`): a username, a password and an e-mail
 * address or mobile number proven by the code sent to it. Only the proven address is kept.
 */
import { ACCOUNT_PATTERN, MESSAGES, PASSWORD_PATTERN } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { assertUniqueAccount } from '../../crud/unique.js';
import { insertId } from '../../db/insert-id.js';
import { ApiError } from '../../http/errors.js';
import { CHANNELS, channelAvailable } from '../verify/index.js';

/** New members join the default member group of a fresh install. */
const DEFAULT_GROUP_ID = 1;

/** The registration form (checkIn's body with `tab=register`). */
export const registerFields = {
  username: z.string().trim().regex(ACCOUNT_PATTERN, MESSAGES.account),
  password: z.string().regex(PASSWORD_PATTERN, MESSAGES.password),
  registerType: z
    .enum(['email', 'mobile'], 'Parameter %s has an unsupported value')
    .describe('Which address the member proves with a code: their e-mail or their mobile number.'),
  email: z.string().trim().max(50).default('').describe('Required when registerType is email.'),
  mobile: z.string().trim().max(11).default('').describe('Required when registerType is mobile.'),
  captcha: z
    .string()
    .trim()
    .min(1, 'Please enter the correct verification code')
    .max(16)
    .describe('The code sent to the address (event user_register).'),
};

type RegisterForm = z.output<z.ZodObject<typeof registerFields>>;

/** Creates the member and returns their id; every check runs before the code is spent. */
export async function registerMember(
  ctx: AppContext,
  request: FastifyRequest,
  body: RegisterForm,
): Promise<number> {
  const channel = CHANNELS[body.registerType];
  if (!(await channelAvailable(ctx, channel.name))) throw new ApiError(channel.messages.unavailable);
  const address = body[channel.name];
  if (!channel.pattern.test(address)) throw new ApiError(channel.formatMessage, [channel.name]);
  const account = { username: body.username, email: '', mobile: '', [channel.name]: address };
  await assertUniqueAccount(ctx.db.kysely, 'user', account, 0);
  await ctx.codes.require(address, 'user_register', body.captcha);
  const group = await ctx.db.kysely
    .selectFrom('user_group')
    .select('id')
    .where('id', '=', DEFAULT_GROUP_ID)
    .executeTakeFirst();
  const time = now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // Checked again inside the write: a parallel registration may have taken a name since.
    await assertUniqueAccount(trx, 'user', account, 0);
    return insertId(
      ctx.db,
      trx.insertInto('user').values({
        ...account,
        group_id: group?.id ?? 0,
        nickname: body.username,
        password: await hashPassword(body.password),
        salt: '',
        join_ip: request.ip,
        join_time: time,
        last_login_ip: request.ip,
        last_login_time: time,
        status: 'enable',
        create_time: time,
        update_time: time,
      }),
    );
  });
}

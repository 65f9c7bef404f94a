/**
 * The second factor from the administrator's profile (`routine.AdminInfo/twoFactor*`: see
 * its state, set it up with a code from the new secret, renew the recovery codes or turn it
 * off with a code) and a super
 * administrator's reset of another administrator's (`auth.Admin/resetTwoFactor`), for a lost phone.
 */

import {
  ApiError,
  type AppContext,
  adminController,
  beginEnrolment,
  codeBody,
  confirmEnrolment,
  confirmWithCode,
  defineAction,
  enrolmentAnswer,
  input,
  ok,
  recoveryCodesAnswer,
  removeTwoFactor,
  renewRecoveryCodes,
  requireSuper,
  signedInAdmin,
  twoFactorStatus,
} from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOG_TITLES, MESSAGES } from './lang.js';

/** What the profile reads: it is part of the profile, so the profile's rule admits it. */
const PROFILE = 'routine/admininfo/index';

export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminController(app, ctx, AdminController.adminInfo, [
    defineAction({
      action: 'twoFactor',
      method: 'GET',
      permission: PROFILE,
      schema: {
        summary: "The caller's two-factor sign-in: on or not, required by a group, recovery codes left",
        data: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number() }),
      },
      handler: async (request) => ok(await twoFactorStatus(ctx, signedInAdmin(request).id)),
    }),
    defineAction({
      action: 'twoFactorSetup',
      method: 'POST',
      permission: PROFILE,
      schema: { summary: 'Start setting up two-factor sign-in: a new secret', data: enrolmentAnswer },
      handler: async (request) => ok(await beginEnrolment(ctx, signedInAdmin(request))),
    }),
    defineAction({
      action: 'twoFactorEnable',
      method: 'POST',
      permission: PROFILE,
      schema: {
        summary: 'Turn two-factor sign-in on with a code from the new secret; answers the recovery codes',
        body: codeBody,
        data: recoveryCodesAnswer,
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.enable;
        const recoveryCodes = await confirmEnrolment(ctx, signedInAdmin(request).id, request.body.code);
        return ok({ recoveryCodes }, MESSAGES.on);
      },
    }),
    defineAction({
      action: 'twoFactorRecoveryCodes',
      method: 'POST',
      permission: PROFILE,
      schema: {
        summary: 'New recovery codes, confirmed with a code; the old ones stop working',
        body: codeBody,
        data: recoveryCodesAnswer,
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.renew;
        const recoveryCodes = await renewRecoveryCodes(
          ctx,
          signedInAdmin(request).id,
          request.body.code,
          request.adminLog,
        );
        return ok({ recoveryCodes }, MESSAGES.renewed);
      },
    }),
    defineAction({
      action: 'twoFactorDisable',
      method: 'POST',
      permission: PROFILE,
      schema: {
        summary: 'Turn two-factor sign-in off, confirmed with a code',
        body: codeBody,
        data: z.null(),
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.disable;
        const { id } = signedInAdmin(request);
        if ((await twoFactorStatus(ctx, id)).required) {
          throw new ApiError(MESSAGES.required);
        }
        await confirmWithCode(ctx, id, request.body.code, request.adminLog);
        await removeTwoFactor(ctx.db, id);
        return ok(null, MESSAGES.off);
      },
    }),
  ]);

  adminController(app, ctx, AdminController.admin, [
    defineAction({
      action: 'resetTwoFactor',
      method: 'POST',
      permission: 'auth/admin/edit',
      guard: (request) => void requireSuper(request),
      schema: {
        summary:
          "Remove an administrator's second factor (a lost phone): they sign in with their password, or set it up again when a group requires it. Super administrators only",
        body: z.object({ id: input.id() }),
        data: z.null(),
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.reset;
        const target = await ctx.db.kysely
          .selectFrom('admin')
          .select('id')
          .where('id', '=', request.body.id)
          .executeTakeFirst();
        if (!target) throw new ApiError('Record not found');
        if (!(await removeTwoFactor(ctx.db, target.id))) throw new ApiError(MESSAGES.notOn);
        return ok(null, MESSAGES.reset);
      },
    }),
  ]);
}

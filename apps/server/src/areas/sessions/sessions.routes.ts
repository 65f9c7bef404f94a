/**
 * The signed-in sessions of the caller's profile: the administrator's as actions of the
 * profile's controller (`routine.AdminInfo/sessions|endSession|endOtherSessions`), the
 * member's as member-centre routes (`/api/account/sessions|endSession|endOtherSessions`).
 * Both sides answer alike; each sees and ends only its own sessions (its side's token types),
 * never another account's. They are part of the profile pages, so the profiles' rules admit them.
 */
import {
  ADMIN_SESSION_TYPES,
  ApiError,
  type AppContext,
  adminController,
  apiRoute,
  defineAction,
  ok,
  signedInAdmin,
  signedInMember,
  USER_SESSION_TYPES,
} from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { LOG_TITLES, MESSAGES } from './lang.js';
import { endedSessionsSchema, endSessionBody, sessionList, sessionListSchema } from './session-list.js';

/** The signed-in account whose sessions are asked for, with the token of this request's own. */
interface Owner {
  id: number;
  token: string;
}

/** The three answers over one side's sessions, the same for administrators and members. */
function sessionAnswers(ctx: AppContext, types: typeof ADMIN_SESSION_TYPES | typeof USER_SESSION_TYPES) {
  return {
    list: async (owner: Owner) =>
      ok(sessionList(await ctx.tokens.listSessions(owner.id, types, owner.token))),
    end: async (owner: Owner, sessionId: string) => {
      if (!(await ctx.tokens.endSessionById(owner.id, types, sessionId))) {
        throw new ApiError(MESSAGES.alreadyEnded);
      }
      return ok({ ended: 1 }, MESSAGES.ended);
    },
    endOthers: async (owner: Owner) =>
      ok({ ended: await ctx.tokens.endOtherSessions(owner.id, types, owner.token) }, MESSAGES.othersEnded),
  };
}

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAdminSessionRoutes(app, ctx);
  registerMemberSessionRoutes(app, ctx);
}

function registerAdminSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const answers = sessionAnswers(ctx, ADMIN_SESSION_TYPES);
  const permission = 'routine/admininfo/index';
  adminController(app, ctx, AdminController.adminInfo, [
    defineAction({
      action: 'sessions',
      method: 'GET',
      permission,
      schema: {
        summary: "The caller's signed-in sessions, their own first, then the most recently used",
        data: sessionListSchema,
      },
      handler: (request) => answers.list(signedInAdmin(request)),
    }),
    defineAction({
      action: 'endSession',
      method: 'POST',
      permission,
      schema: {
        summary: "End one of the caller's sessions (sign that device out); its tokens are refused at once",
        body: endSessionBody,
        data: endedSessionsSchema,
      },
      handler: (request) => {
        request.adminLog.title = LOG_TITLES.end;
        return answers.end(signedInAdmin(request), request.body.id);
      },
    }),
    defineAction({
      action: 'endOtherSessions',
      method: 'POST',
      permission,
      schema: {
        summary: "End every session of the caller's but this one",
        data: endedSessionsSchema,
      },
      handler: (request) => {
        request.adminLog.title = LOG_TITLES.endOthers;
        return answers.endOthers(signedInAdmin(request));
      },
    }),
  ]);
}

function registerMemberSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const answers = sessionAnswers(ctx, USER_SESSION_TYPES);
  const route = { access: 'permission', permission: 'account/profile', memberCenter: true } as const;
  apiRoute(app, ctx, {
    ...route,
    path: 'account/sessions',
    action: 'sessions',
    method: 'GET',
    schema: {
      summary: "The member's signed-in sessions, their own first, then the most recently used",
      data: sessionListSchema,
    },
    handler: (request) => answers.list(signedInMember(request)),
  });
  apiRoute(app, ctx, {
    ...route,
    path: 'account/endSession',
    action: 'endSession',
    method: 'POST',
    schema: {
      summary: "End one of the member's sessions (sign that device out); its tokens are refused at once",
      body: endSessionBody,
      data: endedSessionsSchema,
    },
    handler: (request) => answers.end(signedInMember(request), request.body.id),
  });
  apiRoute(app, ctx, {
    ...route,
    path: 'account/endOtherSessions',
    action: 'endOtherSessions',
    method: 'POST',
    schema: {
      summary: "End every session of the member's but this one",
      data: endedSessionsSchema,
    },
    handler: (request) => answers.endOthers(signedInMember(request)),
  });
}

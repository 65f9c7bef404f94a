/**
 * The answer of a finished install, enable or disable: when it changed the server's code, the
 * server restarts after this answer if `npm start` supervises it (`restarting: true`: the client
 * waits for it to come back); otherwise the answer says to restart it by hand. Shared by the
 * installer's endpoints and the CRUD generator, whose web follows the same module pipeline.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ok } from '../../../http/envelope.js';
import type { ModuleAnswer } from './installer.js';
import { INSTALLER_MESSAGES as M } from './messages.js';

export function answerWithRestart(ctx: AppContext, reply: FastifyReply, answer: ModuleAnswer) {
  if (!answer.needRestart) return ok({ ...answer, restarting: false });
  const restarting = ctx.restart.afterReply(reply);
  return ok({ ...answer, restarting }, restarting ? M.restarting : M.restartByHand);
}

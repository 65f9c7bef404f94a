/**
 * `/admin/module/*` (reference server §2.10): list, state, install, dependentInstallComplete,
 * changeState, uninstall, update, upload. Super administrators only: a module puts code on the
 * server. Answers -1 (decisions needed) and -2 (packages to install) carry the lists in `data`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MODULE_DEPENDENCY_ENVS,
  MODULE_UID_PATTERN,
  type ModuleDependencyEnv,
  ModuleState,
} from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSuper } from '../../../auth/admin-auth.js';
import type { AppContext } from '../../../context.js';
import { ok } from '../../../http/envelope.js';
import { ApiError, fail } from '../../../http/errors.js';
import { type ActionSpec, adminController } from '../../../http/routes.js';
import { input, parseInput } from '../../../http/validate.js';
import type { ModuleDefinition } from '../../../module-contract/define.js';
import { marketBrowserUrl } from '../market/market-address.js';
import type { MarketMember } from '../market/market-client.js';
import { forwardToMarket } from '../market/market-proxy.js';
import { inspectModule, listModules, MODULE_PACKAGE_MESSAGES } from '../package/index.js';
import { resolveUploadedZip } from './attachment-zip.js';
import { type ModuleAnswer, ModuleInstaller } from './installer.js';
import { INSTALLER_MESSAGES as M, MODULE_LOG_TITLES as TITLES } from './messages.js';

const MODULE_INSTALL_HOOK = 'module-install';

const solution = z.enum(['cover', 'discard']);
const envs = Object.keys(MODULE_DEPENDENCY_ENVS) as [ModuleDependencyEnv, ...ModuleDependencyEnv[]];
const decisions = z.object({
  fileConflict: z.record(z.string().max(500), solution).optional(),
  dependConflict: z.partialRecord(z.enum(envs), z.record(z.string().max(214), solution)).optional(),
});

/** The market member an install from the market or an update acts for (reference: token, orderId). */
const marketBody = z.object({
  token: z.string().trim().max(200).default(''),
  orderId: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

function marketMember(request: FastifyRequest): MarketMember | undefined {
  const { token, orderId } = parseInput(marketBody, body(request));
  return token ? { token, orderId, lang: request.lang } : undefined;
}

const changeStateBody = z.object({
  uid: z.string().max(40),
  state: input.flag(),
  confirmConflict: input.flag().optional(),
  /** "Disable and update": answers -3 once disabled. */
  update: input.flag().optional(),
  dependConflictSolution: z.partialRecord(z.enum(envs), z.array(z.string().max(214)).max(200)).optional(),
});

/** The uid of the query or body; anything not shaped like a uid names no module. */
function uidOf(value: unknown): string {
  const uid = typeof value === 'string' ? value.trim() : '';
  if (!MODULE_UID_PATTERN.test(uid)) fail(MODULE_PACKAGE_MESSAGES.notFound);
  return uid;
}

/**
 * One installer action: super administrators only (a module puts code on the server); a POST
 * is titled in the admin log before the check, so a refused attempt is logged too.
 */
function superAction(
  action: string,
  method: ActionSpec['method'],
  title: string | null,
  handler: ActionSpec['handler'],
): ActionSpec {
  return {
    action,
    method,
    access: 'login',
    handler: async (request, reply) => {
      if (title) request.adminLog.title = title;
      requireSuper(request, new ApiError(M.superOnly));
      return handler(request, reply);
    },
  };
}

const queryUid = (request: FastifyRequest) => uidOf((request.query as Record<string, unknown>).uid);
const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

async function sysVersion(projectDir: string): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '';
  } catch {
    return '';
  }
}

/**
 * A finished install, enable or disable that changed the server's code restarts the server
 * after this answer when `npm start` supervises it (`restarting: true`: the client waits for it
 * to come back); otherwise the answer says to restart it by hand.
 */
function answerWithRestart(ctx: AppContext, reply: FastifyReply, answer: ModuleAnswer) {
  if (!answer.needRestart) return ok({ ...answer, restarting: false });
  const restarting = ctx.restart.afterReply(reply);
  return ok({ ...answer, restarting }, restarting ? M.restarting : M.restartByHand);
}

/**
 * A disable that answers -2 or -3 has already taken the module's server code out: the server
 * restarts after that answer too (the data says whether, like a finished answer's).
 */
function restartAfterRefusal(ctx: AppContext, reply: FastifyReply, error: unknown): unknown {
  if (!(error instanceof ApiError) || Number(error.code) >= 0) return error;
  const data = error.data as { needRestart?: boolean } | null;
  if (!data || typeof data.needRestart !== 'boolean') return error;
  const restarting = data.needRestart && ctx.restart.afterReply(reply);
  return new ApiError(error.message, error.params, error.code, { ...data, restarting });
}

export function registerModuleInstallerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  modules: readonly ModuleDefinition[],
): ModuleInstaller {
  const installer = new ModuleInstaller(ctx, modules);
  const { projectDir } = ctx.config;

  // A `web-install.<pm>` task queued with `module-install:<uid>` installed the workspaces' packages.
  ctx.terminal.onTerminalSuccess(MODULE_INSTALL_HOOK, async ({ argument }) => {
    if (!MODULE_UID_PATTERN.test(argument)) fail(M.badInstallTask);
    const disk = await inspectModule(projectDir, argument);
    // Already finished (dependentInstallComplete, or a second task): nothing is left to do.
    if (disk.state === ModuleState.installed) return;
    if (disk.state !== ModuleState.dependentWaitInstall) fail(M.badInstallTask);
    await installer.exclusive(() => installer.dependenciesInstalled(argument));
  });

  adminController(app, ctx, 'module', [
    superAction('index', 'GET', null, async () => {
      const installed = (await listModules(projectDir)).map(({ info, uid, state, update, waitInstall }) => ({
        ...info,
        uid,
        state,
        update,
        waitInstall,
      }));
      // marketUrl: the store as the market screens' links reach it ('' = this site).
      return ok({
        sysVersion: await sysVersion(projectDir),
        installed,
        marketUrl: marketBrowserUrl(ctx.config),
      });
    }),
    superAction('state', 'GET', null, async (request) => {
      const uid = queryUid(request);
      return ok({ state: (await inspectModule(projectDir, uid)).state });
    }),
    superAction('install', 'POST', TITLES.install, async (request, reply) => {
      const uid = queryUid(request);
      // Without `extend` any conflict stops the install (parseInput would turn none into {}).
      const raw = body(request).extend;
      const extend = raw ? parseInput(decisions, raw) : undefined;
      const market = marketMember(request);
      const answer = await installer.exclusive(() => installer.install(uid, extend, market));
      return answerWithRestart(ctx, reply, answer);
    }),
    superAction(
      'dependentInstallComplete',
      'POST',
      TITLES.dependentInstallComplete,
      async (request, reply) => {
        const uid = queryUid(request);
        const answer = await installer.exclusive(() => installer.dependenciesInstalled(uid));
        return answerWithRestart(ctx, reply, answer);
      },
    ),
    superAction('changeState', 'POST', TITLES.disable, async (request, reply) => {
      const form = parseInput(changeStateBody, body(request));
      const uid = uidOf(form.uid);
      if (form.state) {
        request.adminLog.title = TITLES.enable;
        return ok(await installer.exclusive(() => installer.readyToEnable(uid)));
      }
      const options = {
        confirmConflict: form.confirmConflict,
        removeDependencies: form.dependConflictSolution,
        update: form.update,
      };
      try {
        const answer = await installer.exclusive(() => installer.disable(uid, options));
        return answerWithRestart(ctx, reply, answer);
      } catch (error) {
        throw restartAfterRefusal(ctx, reply, error);
      }
    }),
    superAction('uninstall', 'POST', TITLES.uninstall, async (request) => {
      const uid = queryUid(request);
      await installer.exclusive(() => installer.uninstall(uid));
      return ok({ uid });
    }),
    superAction('update', 'POST', TITLES.update, async (request) => {
      const uid = uidOf((request.query as Record<string, unknown>).uid ?? body(request).uid);
      const market = marketMember(request);
      return ok(await installer.exclusive(() => installer.update(uid, market)));
    }),
    // The market screens' requests to the store (browsing, market login, orders, payment).
    superAction('market', ['GET', 'POST'], TITLES.market, (request, reply) =>
      forwardToMarket(ctx, request, reply),
    ),
    superAction('upload', 'POST', TITLES.upload, async (request) => {
      const zip = await resolveUploadedZip(ctx.config.storageDir, body(request).file);
      return ok(await installer.exclusive(() => installer.upload(zip)));
    }),
  ]);
  return installer;
}

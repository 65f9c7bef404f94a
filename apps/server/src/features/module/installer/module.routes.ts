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
import { signedInAdmin } from '../../../auth/admin-auth.js';
import type { AppContext } from '../../../context.js';
import { ok } from '../../../http/envelope.js';
import { fail } from '../../../http/errors.js';
import { adminController } from '../../../http/routes.js';
import { input, parseInput } from '../../../http/validate.js';
import type { ModuleDefinition } from '../../../module-contract/define.js';
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

const changeStateBody = z.object({
  uid: z.string().max(40),
  state: input.flag(),
  confirmConflict: input.flag().optional(),
  dependConflictSolution: z.partialRecord(z.enum(envs), z.array(z.string().max(214)).max(200)).optional(),
});

/** The uid of the query or body; anything not shaped like a uid names no module. */
function uidOf(value: unknown): string {
  const uid = typeof value === 'string' ? value.trim() : '';
  if (!MODULE_UID_PATTERN.test(uid)) fail(MODULE_PACKAGE_MESSAGES.notFound);
  return uid;
}

function requireSuperAdmin(request: FastifyRequest): void {
  if (!signedInAdmin(request).super) fail(M.superOnly);
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
    {
      action: 'index',
      method: 'GET',
      access: 'login',
      handler: async (request) => {
        requireSuperAdmin(request);
        const installed = (await listModules(projectDir)).map(
          ({ info, uid, state, update, waitInstall }) => ({
            ...info,
            uid,
            state,
            update,
            waitInstall,
          }),
        );
        return ok({ sysVersion: await sysVersion(projectDir), installed });
      },
    },
    {
      action: 'state',
      method: 'GET',
      access: 'login',
      handler: async (request) => {
        requireSuperAdmin(request);
        const uid = queryUid(request);
        return ok({ state: (await inspectModule(projectDir, uid)).state });
      },
    },
    {
      action: 'install',
      method: 'POST',
      access: 'login',
      handler: async (request, reply) => {
        request.adminLog.title = TITLES.install;
        requireSuperAdmin(request);
        const uid = queryUid(request);
        // Without `extend` any conflict stops the install (parseInput would turn none into {}).
        const raw = body(request).extend;
        const extend = raw ? parseInput(decisions, raw) : undefined;
        const answer = await installer.exclusive(() => installer.install(uid, extend));
        return answerWithRestart(ctx, reply, answer);
      },
    },
    {
      action: 'dependentInstallComplete',
      method: 'POST',
      access: 'login',
      handler: async (request, reply) => {
        request.adminLog.title = TITLES.dependentInstallComplete;
        requireSuperAdmin(request);
        const uid = queryUid(request);
        const answer = await installer.exclusive(() => installer.dependenciesInstalled(uid));
        return answerWithRestart(ctx, reply, answer);
      },
    },
    {
      action: 'changeState',
      method: 'POST',
      access: 'login',
      handler: async (request, reply) => {
        request.adminLog.title = TITLES.disable;
        requireSuperAdmin(request);
        const form = parseInput(changeStateBody, body(request));
        const uid = uidOf(form.uid);
        if (form.state) {
          request.adminLog.title = TITLES.enable;
          return ok(await installer.exclusive(() => installer.readyToEnable(uid)));
        }
        const options = {
          confirmConflict: form.confirmConflict,
          removeDependencies: form.dependConflictSolution,
        };
        const answer = await installer.exclusive(() => installer.disable(uid, options));
        return answerWithRestart(ctx, reply, answer);
      },
    },
    {
      action: 'uninstall',
      method: 'POST',
      access: 'login',
      handler: async (request) => {
        request.adminLog.title = TITLES.uninstall;
        requireSuperAdmin(request);
        const uid = queryUid(request);
        await installer.exclusive(() => installer.uninstall(uid));
        return ok({ uid });
      },
    },
    {
      action: 'update',
      method: 'POST',
      access: 'login',
      handler: async (request) => {
        request.adminLog.title = TITLES.update;
        requireSuperAdmin(request);
        const uid = uidOf((request.query as Record<string, unknown>).uid ?? body(request).uid);
        return installer.exclusive(() => installer.update(uid));
      },
    },
    {
      action: 'upload',
      method: 'POST',
      access: 'login',
      handler: async (request) => {
        request.adminLog.title = TITLES.upload;
        requireSuperAdmin(request);
        const zip = await resolveUploadedZip(ctx.config.dataDir, body(request).file);
        return ok(await installer.exclusive(() => installer.upload(zip)));
      },
    },
  ]);
  return installer;
}

/**
 * `/admin/module/*` (as in the original): list, state, install, dependentInstallComplete,
 * changeState, uninstall, update, upload. Super administrators only: a module puts code on the
 * server. Answers -1 (decisions needed) and -2 (packages to install) carry the lists in `data`.
 */
import {
  AdminController,
  MODULE_DEPENDENCY_ENVS,
  MODULE_UID_PATTERN,
  MODULE_WORKSPACES,
  type ModuleDependencyEnv,
  type ModuleInfo,
  ModuleState,
  type ModuleUninstallPlan,
} from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSuper } from '../../../auth/admin-auth.js';
import type { AppContext } from '../../../context.js';
import { ok } from '../../../http/envelope.js';
import { ApiError, fail } from '../../../http/errors.js';
import type { Handler, RouteSchema } from '../../../http/route-schema.js';
import { type ActionSpec, adminController, defineAction } from '../../../http/routes.js';
import { input } from '../../../http/validate.js';
import type { ModuleDefinition } from '../../../module-contract/define.js';
import { productVersion } from '../../../product-version.js';
import { marketBrowserUrl } from '../market/market-address.js';
import type { MarketMember } from '../market/market-client.js';
import { forwardToMarket } from '../market/market-proxy.js';
import { inspectModule, listModules, MODULE_PACKAGE_MESSAGES, uninstallPlan } from '../package/index.js';
import { shareModuleInstaller } from './area-installer.js';
import { resolveUploadedZip } from './attachment-zip.js';
import { type ModuleAnswer, ModuleInstaller } from './installer.js';
import { INSTALLER_MESSAGES as M, MODULE_LOG_TITLES as TITLES } from './messages.js';
import { answerWithRestart } from './restart-answer.js';

const MODULE_INSTALL_HOOK = 'module-install';

const solution = z.enum(['cover', 'discard']);
const envs = Object.keys(MODULE_DEPENDENCY_ENVS) as [ModuleDependencyEnv, ...ModuleDependencyEnv[]];
const decisions = z.object({
  fileConflict: z
    .record(z.string().max(500), solution)
    .optional()
    .describe('For each conflicting file (its oldFile), whether the module copy covers it or is discarded.'),
  dependConflict: z
    .partialRecord(z.enum(envs), z.record(z.string().max(214), solution))
    .optional()
    .describe(
      'For each section and package, whether the module version covers the one there or is discarded.',
    ),
});

/**
 * Text the handler judges itself, with its own message (a module or file not found): anything
 * that is not a string is none.
 */
const judgedText = () => z.string().optional().catch(undefined);
const uidQuery = z.object({ uid: judgedText().describe('The module uid.') });

/** The market member an install from the market or an update acts for (reference: token, orderId). */
const marketFields = {
  token: z.string().trim().max(200).default('').describe("The market member's token; '' for none."),
  orderId: z.coerce
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .default(0)
    .describe("The member's order on the store; 0 for their best one."),
};

type MarketFields = { token: string; orderId: number };

/** Portico's screens send the market member in the body, the original client in the query. */
const marketQuery = uidQuery.extend(marketFields);

function marketMember(
  request: FastifyRequest,
  body: MarketFields,
  query: MarketFields,
): MarketMember | undefined {
  const { token, orderId } = body.token ? body : query;
  return token ? { token, orderId, lang: request.lang } : undefined;
}

const changeStateBody = z.object({
  uid: z.string().max(40),
  state: input.flag().describe('1: enable (the module then waits for its install); 0: disable.'),
  confirmConflict: input.flag().optional().describe('Disable although module files were changed.'),
  update: input.flag().optional().describe('"Disable and update": answers -3 once disabled.'),
  dependConflictSolution: z
    .partialRecord(z.enum(envs), z.array(z.string().max(214)).max(200))
    .optional()
    .describe("The module's packages to remove from each section of the workspaces."),
});

const dependencies = z.object({
  dependencies: z.record(z.string(), z.string()),
  devDependencies: z.record(z.string(), z.string()),
});
const moduleInfo = z.object({
  uid: z.string(),
  title: z.string(),
  intro: z.string(),
  author: z.string(),
  website: z.string(),
  version: z.string(),
  category: z.string(),
  server: dependencies,
  web: dependencies,
  protectedFiles: z.array(z.string()),
}) satisfies z.ZodType<ModuleInfo>;
const state = z
  .enum(ModuleState)
  .describe(
    '0 uninstalled, 1 installed, 2 waiting for its install, 3 conflicts pending, 4 waiting for packages, 5 folder occupied, 6 disabled.',
  );
const workspaces = z.array(z.enum(MODULE_WORKSPACES));
const uninstallPlanShape = {
  removes: z.array(z.string()).describe('Files and folders (project-relative) the uninstall deletes.'),
  keeps: z
    .array(z.string())
    .describe("Folders it keeps: a module the project ships in modules/ is the project's own source."),
} satisfies Record<keyof ModuleUninstallPlan, z.ZodType>;
const moduleAnswer = z.object({
  info: moduleInfo,
  state,
  needRebuild: z.boolean().describe('Web files or packages changed: the web app must be rebuilt.'),
  needRestart: z.boolean().describe('Server files or packages changed: the server must restart.'),
}) satisfies z.ZodType<ModuleAnswer>;
const restartedAnswer = moduleAnswer.extend({
  restarting: z.boolean().describe('The server restarts after this answer (supervised by `npm start`).'),
});

/** The uid of the query or body; anything not shaped like a uid names no module. */
function uidOf(value: unknown): string {
  const uid = typeof value === 'string' ? value.trim() : '';
  if (!MODULE_UID_PATTERN.test(uid)) fail(MODULE_PACKAGE_MESSAGES.notFound);
  return uid;
}

/**
 * One installer action: super administrators only (a module puts code on the server), checked
 * before the input is; a POST is titled in the admin log first, so a refused attempt is logged too.
 */
function superAction<S extends RouteSchema>(
  action: string,
  method: ActionSpec['method'],
  title: string | null,
  schema: S,
  handler: Handler<S>,
): ActionSpec {
  return defineAction({
    action,
    method,
    access: 'login',
    schema,
    guard: (request) => {
      if (title) request.adminLog.title = title;
      requireSuper(request, new ApiError(M.superOnly));
    },
    handler,
  });
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
  shareModuleInstaller(ctx, installer);
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

  adminController(app, ctx, AdminController.module, [
    superAction(
      'index',
      'GET',
      null,
      {
        summary: 'The modules on the machine with their states, and where the market is',
        data: z.object({
          sysVersion: z.string().describe("Portico's version; '' when unknown."),
          // A folder occupied by something else has no module.json to show (only its uid and state).
          installed: z.array(
            moduleInfo.partial().extend({
              uid: z.string(),
              state,
              update: z.boolean().describe('The next install runs the update step.'),
              waitInstall: workspaces.describe('The workspaces whose packages wait to be installed.'),
              uninstall: z
                .object(uninstallPlanShape)
                .describe(
                  'What an uninstall would delete and keep (it is offered when it deletes something).',
                ),
            }),
          ),
          marketUrl: z
            .string()
            .describe("The store as the market screens' links reach it; '' for this site."),
        }),
      },
      async () => {
        const installed = await Promise.all(
          (await listModules(projectDir)).map(async ({ info, uid, state, update, waitInstall }) => ({
            ...info,
            uid,
            state,
            update,
            waitInstall,
            uninstall: await uninstallPlan(projectDir, uid),
          })),
        );
        // marketUrl: the store as the market screens' links reach it ('' = this site).
        return ok({
          sysVersion: await productVersion(projectDir),
          installed,
          marketUrl: marketBrowserUrl(ctx.config),
        });
      },
    ),
    superAction(
      'state',
      'GET',
      null,
      { summary: "A module's state on the machine", query: uidQuery, data: z.object({ state }) },
      async (request) => {
        const uid = uidOf(request.query.uid);
        return ok({ state: (await inspectModule(projectDir, uid)).state });
      },
    ),
    superAction(
      'install',
      'POST',
      TITLES.install,
      {
        summary:
          'Install a module (downloaded from the market first when not on the machine); code -1 with the conflicts, -2 when packages must be installed',
        query: marketQuery,
        body: z.object({
          ...marketFields,
          // Without `extend` any conflict stops the install; an empty value is none.
          extend: z
            .preprocess((value) => value || undefined, decisions.optional())
            .describe('The decisions on the conflicts a -1 answer listed.'),
        }),
        data: restartedAnswer,
      },
      async (request, reply) => {
        const uid = uidOf(request.query.uid);
        const { extend } = request.body;
        const market = marketMember(request, request.body, request.query);
        const answer = await installer.exclusive(() => installer.install(uid, extend, market));
        return answerWithRestart(ctx, reply, answer);
      },
    ),
    superAction(
      'dependentInstallComplete',
      'POST',
      TITLES.dependentInstallComplete,
      {
        summary: "A module's packages were installed: finish its install",
        query: uidQuery,
        data: restartedAnswer,
      },
      async (request, reply) => {
        const uid = uidOf(request.query.uid);
        const answer = await installer.exclusive(() => installer.dependenciesInstalled(uid));
        return answerWithRestart(ctx, reply, answer);
      },
    ),
    superAction(
      'changeState',
      'POST',
      TITLES.disable,
      {
        summary:
          'Enable a disabled module (it then waits for its install) or disable one; code -1 to confirm changed files or remaining packages, -2 when packages went, -3 when disabled for an update',
        body: changeStateBody,
        // An enable answers without `restarting`: nothing restarts before its install.
        data: restartedAnswer.partial({ restarting: true }),
      },
      async (request, reply) => {
        const form = request.body;
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
      },
    ),
    superAction(
      'uninstall',
      'POST',
      TITLES.uninstall,
      {
        summary:
          'Delete a disabled module, or one waiting for its install: its data, and its folder unless the project ships it',
        query: uidQuery,
        data: z.object({ uid: z.string(), ...uninstallPlanShape }),
      },
      async (request) => {
        const uid = uidOf(request.query.uid);
        const plan = await installer.exclusive(() => installer.uninstall(uid));
        return ok({ uid, ...plan });
      },
    ),
    superAction(
      'update',
      'POST',
      TITLES.update,
      {
        summary: "Download a disabled module's newest version from the market; it then waits for its install",
        query: marketQuery,
        body: z.object({
          uid: judgedText().describe('The module uid, when not in the query.'),
          ...marketFields,
        }),
        data: moduleAnswer,
      },
      async (request) => {
        const uid = uidOf(request.query.uid ?? request.body.uid);
        const market = marketMember(request, request.body, request.query);
        return ok(await installer.exclusive(() => installer.update(uid, market)));
      },
    ),
    // The market screens' requests to the store (browsing, market login, orders, payment).
    ...(['GET', 'POST'] as const).map((method) =>
      superAction(
        'market',
        method,
        TITLES.market,
        {
          summary: `Forward a ${method} of the market screens to the store (path: the store's API path); answers what the store said, its JSON envelope or its captcha image`,
          query: z.looseObject({
            path: judgedText().describe(
              'The store path, e.g. store/index; the other query values go with it.',
            ),
          }),
          ...(method === 'POST' ? { body: z.looseObject({}).describe('Sent on to the store as JSON.') } : {}),
          data: z.null(),
          produces: 'application/json',
        },
        (request, reply) => forwardToMarket(ctx, request, reply),
      ),
    ),
    superAction(
      'upload',
      'POST',
      TITLES.upload,
      {
        summary: 'Unpack an uploaded module zip: the module then waits for its install',
        body: z.object({
          file: judgedText().describe('The URL (or /storage/... path) of the zip uploaded as an attachment.'),
        }),
        data: moduleAnswer.extend({
          upgrade: z.boolean().describe('A newer version of a module already on the machine.'),
        }),
      },
      async (request) => {
        const zip = await resolveUploadedZip(ctx.config.storageDir, request.body.file);
        return ok(await installer.exclusive(() => installer.upload(zip)));
      },
    ),
  ]);
  return installer;
}

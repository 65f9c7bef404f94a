/**
 * The module installer (the original's install / changeState / uninstall / upload): the
 * package library moves a module's files and packages on disk, the module contract does the
 * database side (migrations, menu rules, events). One module operation runs at a time.
 *
 * A module's server code is bundled at start, so the contract can enable a module now only when
 * this process already loaded the same version of its definition (a module disabled and enabled
 * again); otherwise the enable completes at the next start (startModules asks the package state)
 * and the answer says `needRestart`.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ModuleConflictDecisions,
  type ModuleDependencyEnv,
  type ModuleInfo,
  ModuleState,
  type ModuleUninstallPlan,
  type ModuleWorkspace,
} from '@portico/shared';
import type { AppContext } from '../../../context.js';
import { ApiError, type EnvelopeCode, fail } from '../../../http/errors.js';
import type { ModuleDefinition } from '../../../module-contract/define.js';
import {
  moduleState as contractState,
  disableModule,
  enableModule,
  MODULE_STATE,
  uninstallModule,
} from '../../../module-contract/lifecycle.js';
import { TerminalLock } from '../../../terminal/index.js';
import { MarketClient, type MarketMember, marketOrigin } from '../market/market-client.js';
import { MARKET_MESSAGES } from '../market/messages.js';
import {
  applyPackage,
  checkDisable,
  clearUpdateFlag,
  completeDependencyInstall,
  disablePackage,
  inspectModule,
  installFromZip,
  MODULE_PACKAGE_MESSAGES,
  readRuntime,
  readyToEnable,
  refuseProjectSource,
  UNINSTALL_FROM,
  uninstallPackage,
} from '../package/index.js';
import { INSTALLER_MESSAGES as M } from './messages.js';

/** What an answer after files moved tells the client to do next. */
export interface ModuleChangeFlags {
  /** Web files or web packages changed: the web app must be rebuilt. */
  needRebuild: boolean;
  /** Server files or packages changed, or the enable waits for the start: restart the server. */
  needRestart: boolean;
}

export interface ModuleAnswer extends ModuleChangeFlags {
  info: ModuleInfo;
  state: ModuleState;
}

/** A whole module operation may take this long before its lock counts as abandoned. */
const LOCK_STALE_MS = 30 * 60 * 1000;

/** The envelope codes -1/-2/-3 of the module answers (outside the ordinary response codes). */
const answerCode = (code: number) => code as unknown as EnvelopeCode;

function changeFlags(paths: readonly string[], workspaces: readonly ModuleWorkspace[]): ModuleChangeFlags {
  return {
    needRebuild: workspaces.includes('web') || paths.some((path) => path.startsWith('apps/web/')),
    needRestart: workspaces.includes('server') || paths.some((path) => path.startsWith('apps/server/')),
  };
}

function workspacesWithPackages(info: ModuleInfo): ModuleWorkspace[] {
  return (['server', 'web'] as const).filter(
    (w) => Object.keys(info[w].dependencies).length + Object.keys(info[w].devDependencies).length > 0,
  );
}

export class ModuleInstaller {
  private readonly definitions = new Map<string, ModuleDefinition>();
  private readonly lock: TerminalLock;
  private running = false;

  constructor(
    private readonly ctx: AppContext,
    modules: readonly ModuleDefinition[],
  ) {
    for (const module of modules) if (!module.builtIn) this.definitions.set(module.uid, module);
    this.lock = new TerminalLock(join(ctx.config.dataDir, 'module-installer.lock'), LOCK_STALE_MS);
  }

  private get projectDir(): string {
    return this.ctx.config.projectDir;
  }

  /** Runs `work` unless another module operation runs (in this process or another). */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.running || !this.lock.acquire()) fail(M.busy);
    this.running = true;
    try {
      return await work();
    } finally {
      this.running = false;
      this.lock.release();
    }
  }

  /**
   * install: a module not on the machine is first downloaded from the market (with the market
   * member's token and order); then the waiting module is applied (answers -1 for conflicts,
   * -2 for packages) and enabled.
   */
  async install(
    uid: string,
    decisions?: ModuleConflictDecisions,
    market?: MarketMember,
  ): Promise<ModuleAnswer> {
    let disk = await inspectModule(this.projectDir, uid);
    if (disk.state === ModuleState.uninstalled) {
      if (!market) fail(MODULE_PACKAGE_MESSAGES.notFound);
      await this.download(uid, market);
      disk = await inspectModule(this.projectDir, uid);
    }
    if (disk.state === ModuleState.dependentWaitInstall) this.waitForPackages(uid, disk.waitInstall, []);
    if (disk.state !== ModuleState.waitInstall && disk.state !== ModuleState.conflictPending)
      throw new ApiError(MODULE_PACKAGE_MESSAGES.alreadyExists, [], 0, { uid, state: disk.state });
    const result = await applyPackage(this.projectDir, uid, { decisions, trigger: 'install' });
    if (result.status === 'conflict') throw new ApiError(M.conflicts, [], answerCode(-1), result.data);
    if (result.status === 'dependentWaitInstall')
      this.waitForPackages(uid, result.waitInstall, result.copied);
    return this.finishEnable(uid);
  }

  private waitForPackages(uid: string, waitInstall: ModuleWorkspace[], copied: string[]): never {
    throw new ApiError(M.dependentWaitInstall, [], answerCode(-2), {
      uid,
      state: ModuleState.dependentWaitInstall,
      wait_install: waitInstall,
      ...changeFlags(copied, waitInstall),
    });
  }

  /** The packages were installed (a terminal task or the administrator says so): finish the enable. */
  async dependenciesInstalled(uid: string): Promise<ModuleAnswer> {
    const state = await completeDependencyInstall(this.projectDir, uid);
    if (state !== ModuleState.installed) fail(MODULE_PACKAGE_MESSAGES.wrongState);
    return this.finishEnable(uid);
  }

  /** The files are in place (state 1): the contract enables the module now or at the next start. */
  private async finishEnable(uid: string): Promise<ModuleAnswer> {
    const disk = await inspectModule(this.projectDir, uid);
    if (!disk.info) fail(MODULE_PACKAGE_MESSAGES.notFound);
    const definition = this.definitions.get(uid);
    const loaded = definition?.version === disk.info.version;
    if (definition && loaded) {
      const firstInstall = (await contractState(this.ctx, uid)) === null;
      try {
        await enableModule(this.ctx, definition);
      } catch (error) {
        await this.undoEnable(definition, firstInstall);
        throw error;
      }
    }
    // The contract compares the recorded version itself, so the mark has done its work.
    await clearUpdateFlag(this.projectDir, uid);
    const copied = (await readRuntime(this.projectDir, uid)).files.map((file) => file.path);
    const flags = changeFlags(copied, workspacesWithPackages(disk.info));
    return {
      info: disk.info,
      state: ModuleState.installed,
      needRebuild: flags.needRebuild,
      // A definition of another version runs here: the start that loads this one enables it.
      // A module without server code (web files only) has nothing for a restart to load.
      needRestart: flags.needRestart || (definition !== undefined && !loaded),
    };
  }

  /**
   * The contract could not enable the module (a migration or event failed): take its files back
   * out and let it wait for installation again, rather than leave files in place that the next
   * start would try, and fail, to enable.
   */
  private async undoEnable(definition: ModuleDefinition, firstInstall: boolean): Promise<void> {
    const { uid } = definition;
    // Rules and record go when the failure came after them (an event), and a first install is
    // undone completely so the retry runs `install` again. The administrator sees the enable's
    // own error, so a second failure here is not allowed to hide it.
    const undo = async () => {
      if ((await contractState(this.ctx, uid)) === MODULE_STATE.ENABLED)
        await disableModule(this.ctx, definition);
      if (firstInstall && (await contractState(this.ctx, uid)) !== null)
        await uninstallModule(this.ctx, definition);
    };
    await undo().catch(() => {});
    await disablePackage(this.projectDir, uid, { confirmConflict: true });
    await readyToEnable(this.projectDir, uid);
  }

  /**
   * changeState(false): take the files out. Answers -1 to confirm edits, -3 when the module was
   * disabled to be updated (the client brings the new version), -2 when packages went.
   */
  async disable(
    uid: string,
    options: {
      confirmConflict?: boolean;
      removeDependencies?: Partial<Record<ModuleDependencyEnv, string[]>>;
      update?: boolean;
    },
  ): Promise<ModuleAnswer> {
    // "Disable and update" would end at a package that may not replace a folder the project
    // ships: refused before anything changes.
    if (options.update) refuseProjectSource(await inspectModule(this.projectDir, uid));
    // Also refuses a module that cannot be disabled in its state, before anything changes.
    const check = await checkDisable(this.projectDir, uid);
    if (!options.confirmConflict && (check.conflictFile.length > 0 || check.dependConflict.length > 0))
      throw new ApiError(M.fileUpdated, [], answerCode(-1), check);
    // The contract first: its `disable` event runs while the module's files are there, and if it
    // fails nothing was removed yet, so the module stays enabled and the disable can be retried.
    const definition = this.definitions.get(uid);
    if (definition && (await contractState(this.ctx, uid)) === MODULE_STATE.ENABLED)
      await disableModule(this.ctx, definition);
    const result = await disablePackage(this.projectDir, uid, { ...options, confirmConflict: true });
    if (result.status === 'conflict') throw new ApiError(M.fileUpdated, [], answerCode(-1), result.data);
    const disk = await inspectModule(this.projectDir, uid);
    if (!disk.info) fail(MODULE_PACKAGE_MESSAGES.notFound);
    const flags = changeFlags([...result.removed, ...result.restored], result.waitInstall);
    // The original's order: an update goes on to the new version, whose install settles packages.
    if (options.update)
      throw new ApiError(M.disabledForUpdate, [], answerCode(-3), {
        uid,
        state: ModuleState.disable,
        ...flags,
      });
    if (result.status === 'dependentWaitInstall')
      throw new ApiError(M.dependentWaitInstall, [], answerCode(-2), {
        uid,
        state: ModuleState.disable,
        wait_install: result.waitInstall,
        ...flags,
      });
    return { info: disk.info, state: ModuleState.disable, ...flags };
  }

  /** changeState(true): a disabled module waits for installation again; the client then installs. */
  async readyToEnable(uid: string): Promise<ModuleAnswer> {
    await readyToEnable(this.projectDir, uid);
    const disk = await inspectModule(this.projectDir, uid);
    if (!disk.info) fail(MODULE_PACKAGE_MESSAGES.notFound);
    return { info: disk.info, state: disk.state, needRebuild: false, needRestart: false };
  }

  /**
   * Deletes a module that is disabled, or waiting for its install (an upload never installed):
   * its `uninstall` event and migrations undone, then what `uninstallPlan` names on disk (never
   * the folder of a module the project ships). Answers what was removed and kept.
   */
  async uninstall(uid: string): Promise<ModuleUninstallPlan> {
    const disk = await inspectModule(this.projectDir, uid);
    if (!disk.info) fail(MODULE_PACKAGE_MESSAGES.notFound);
    if (!UNINSTALL_FROM.includes(disk.state))
      throw new ApiError(MODULE_PACKAGE_MESSAGES.disableFirst, [], 0, { uid, state: disk.state });
    const definition = this.definitions.get(uid);
    if (definition && (await contractState(this.ctx, uid)) === MODULE_STATE.DISABLED)
      await uninstallModule(this.ctx, definition);
    return uninstallPackage(this.projectDir, uid);
  }

  /**
   * This process's code of the module no longer stands for its package: a package installed by
   * that uid from now on, even of the same version, is enabled by the start that loads it. For
   * a package that is rewritten rather than released (the CRUD generator's starts at 1.0.0
   * again after a delete), whose running code would otherwise be enabled in its place.
   */
  forgetLoadedCode(uid: string): void {
    this.definitions.delete(uid);
  }

  /**
   * update: a disabled module's newest version is downloaded from the market and waits for
   * installation, marked so that its install runs the `update` event. (Without a market
   * member, a newer version comes by upload.)
   */
  async update(uid: string, market?: MarketMember): Promise<ModuleAnswer> {
    const disk = await inspectModule(this.projectDir, uid);
    if (!disk.info) fail(MODULE_PACKAGE_MESSAGES.notFound);
    if (disk.state !== ModuleState.disable)
      throw new ApiError(MODULE_PACKAGE_MESSAGES.disableBeforeUpdate, [], 0, { uid, state: disk.state });
    if (!market) fail(M.marketLoginForUpdate);
    const info = await this.download(uid, market);
    return { info, state: ModuleState.waitInstall, needRebuild: false, needRestart: false };
  }

  /**
   * Fetches the module's package from the market, checked against the SHA-256 the store
   * published, and unpacks it as an upload is (the same zip checks and upgrade rules).
   */
  private async download(uid: string, market: MarketMember): Promise<ModuleInfo> {
    const { config } = this.ctx;
    const client = new MarketClient(marketOrigin(config), config.marketTimeoutMs);
    const published = await client.preCheck(uid, market);
    if (!published.listed) fail(MARKET_MESSAGES.notListed);
    const file = join(config.dataDir, 'market-downloads', `${uid}-${randomBytes(8).toString('hex')}.zip`);
    try {
      await client.download(uid, market, published, file);
      return (await installFromZip(this.projectDir, file, { expectedUid: uid })).info;
    } finally {
      await rm(file, { force: true });
    }
  }

  /** upload: a zip (already resolved inside the upload storage) becomes a waiting module. */
  async upload(zipPath: string): Promise<ModuleAnswer & { upgrade: boolean }> {
    const { info, upgrade } = await installFromZip(this.projectDir, zipPath);
    return { info, upgrade, state: ModuleState.waitInstall, needRebuild: false, needRestart: false };
  }
}

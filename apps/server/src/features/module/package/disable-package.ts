/**
 * Disabling a module's files (the original's changeState(false)): tell the administrator which
 * module files were edited in the project and which module packages are still listed, then take
 * the module's files out, put back the originals it overwrote, and optionally drop its packages.
 */
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type ModuleDependencyEnv,
  type ModuleDisableConflictData,
  type ModuleInfo,
  ModuleState,
  type ModuleWorkspace,
} from '@portico/shared';
import { requireState, writeModuleState } from './module-state.js';
import { fingerprint, readRuntime, removeRuntime } from './package-files.js';
import { backupStamp, backupsDir, inside, isManagedProjectFile, WORKSPACE_PACKAGE_FILES } from './paths.js';
import { isPlainDestination, removeEmptyParents, restoreFromArchive } from './project-files.js';
import {
  plannedDependencyRemovals,
  presentModuleDependencies,
  writeDependencyChanges,
} from './workspace-deps.js';
import { writeBackupZip } from './zip-write.js';

const DISABLE_FROM = [ModuleState.installed, ModuleState.conflictPending, ModuleState.dependentWaitInstall];

export interface DisableOptions {
  /** The administrator saw the -1 lists and goes on. */
  confirmConflict?: boolean;
  /** Module packages to take out of the workspaces, per env (the original's dependConflictSolution). */
  removeDependencies?: Partial<Record<ModuleDependencyEnv, string[]>>;
  now?: Date;
}

export type DisableResult =
  /** Answer code -1: nothing was changed. */
  | { status: 'conflict'; data: ModuleDisableConflictData }
  | {
      status: 'disabled' | 'dependentWaitInstall';
      /** Workspaces whose packages changed: a reinstall is needed (answer code -2 when not empty). */
      waitInstall: ModuleWorkspace[];
      removed: string[];
      restored: string[];
      /** Archive of the edited files and changed package.json files, if any. */
      backup: string | null;
    };

/** Module files that differ in the project from what the enable copied (edited since). */
async function changedFiles(projectDir: string, uid: string): Promise<string[]> {
  const changed: string[] = [];
  for (const file of (await readRuntime(projectDir, uid)).files) {
    if (!(await isPlainDestination(projectDir, file.path))) continue;
    const now = await fingerprint(inside(projectDir, file.path), file.path);
    if (now && (now.size !== file.size || now.sha1 !== file.sha1)) changed.push(file.path);
  }
  return changed;
}

/** The -1 lists of a disable: edited module files and module packages still listed. */
export async function checkDisable(projectDir: string, uid: string): Promise<ModuleDisableConflictData> {
  await requireState(projectDir, uid, DISABLE_FROM);
  return {
    uid,
    conflictFile: await changedFiles(projectDir, uid),
    dependConflict: await presentModuleDependencies(
      projectDir,
      (await readRuntime(projectDir, uid)).dependencies,
    ),
  };
}

export async function disablePackage(
  projectDir: string,
  uid: string,
  options: DisableOptions = {},
): Promise<DisableResult> {
  const disk = await requireState(projectDir, uid, DISABLE_FROM);
  const check = await checkDisable(projectDir, uid);
  if (!options.confirmConflict && (check.conflictFile.length > 0 || check.dependConflict.length > 0))
    return { status: 'conflict', data: check };

  const runtime = await readRuntime(projectDir, uid);
  const removals = await plannedDependencyRemovals(
    projectDir,
    runtime.dependencies,
    options.removeDependencies ?? {},
  );
  const backupFiles = [...check.conflictFile, ...[...removals.keys()].map((w) => WORKSPACE_PACKAGE_FILES[w])];
  const backup = join(backupsDir(projectDir), `${uid}-disable-${backupStamp(options.now ?? new Date())}.zip`);
  if (backupFiles.length > 0) await writeBackupZip(projectDir, backup, backupFiles);
  await writeDependencyChanges(projectDir, removals);

  const copied = runtime.files.map((file) => file.path);
  const removed = await removeModuleFiles(projectDir, copied, disk.info);
  const restored = await restoreOriginals(projectDir, uid, copied, disk.info);
  await removeRuntime(projectDir, uid);

  const waitInstall = [...removals.keys()];
  await writeModuleState(projectDir, uid, { ...disk, state: ModuleState.disable, waitInstall: [] });
  return {
    status: waitInstall.length > 0 ? 'dependentWaitInstall' : 'disabled',
    waitInstall,
    removed,
    restored,
    backup: backupFiles.length > 0 ? backup : null,
  };
}

/** Deletes the files the enable copied (never the protected ones), then folders left empty. */
async function removeModuleFiles(projectDir: string, copied: string[], info: ModuleInfo): Promise<string[]> {
  const protectedFiles = new Set(info.protectedFiles);
  const removed: string[] = [];
  for (const path of copied) {
    if (protectedFiles.has(path) || !(await isPlainDestination(projectDir, path))) continue;
    const full = inside(projectDir, path);
    await rm(full, { force: true });
    removed.push(path);
    await removeEmptyParents(projectDir, dirname(full));
  }
  return removed;
}

/**
 * Puts back the originals the install overwrote, except protected files and package.json files.
 * Only files this enable copied are restored: the archive may be older than the project's
 * current files (a disable while conflicts were pending copied nothing and must restore nothing).
 */
function restoreOriginals(
  projectDir: string,
  uid: string,
  copied: string[],
  info: ModuleInfo,
): Promise<string[]> {
  if (copied.length === 0) return Promise.resolve([]);
  return restoreFromArchive(
    projectDir,
    join(backupsDir(projectDir), `${uid}-install.zip`),
    (path) => copied.includes(path) && !isManagedProjectFile(path) && !info.protectedFiles.includes(path),
  );
}

/**
 * Enabling a module's files (the original's "conflict handling" and "dependency step"): copy the
 * mirror files into the project and merge its packages into the workspaces, after the
 * administrator decided every conflict, with a backup of everything overwritten.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type ModuleConflictData,
  type ModuleConflictDecisions,
  ModuleState,
  type ModuleWorkspace,
} from '@portico/shared';
import { findFileConflicts } from './file-conflicts.js';
import { requireState, writeModuleState } from './module-state.js';
import { type FileFingerprint, fingerprint, listPackageFiles, writeRuntime } from './package-files.js';
import { backupStamp, backupsDir, inside, moduleDir, WORKSPACE_PACKAGE_FILES } from './paths.js';
import { assertPlainDestination, removeEmptyParents, restoreFromArchive } from './project-files.js';
import { findDependConflicts, plannedDependencyChanges, writeDependencyChanges } from './workspace-deps.js';
import { writeBackupZip } from './zip-write.js';

export interface ApplyOptions {
  /** The administrator's answer to the conflict lists; without it, any conflict stops the apply. */
  decisions?: ModuleConflictDecisions;
  /** 'install' keeps the originals in `<uid>-install.zip` (restored on disable); 'cover' in a dated zip. */
  trigger?: 'install' | 'cover';
  now?: Date;
}

export type ApplyResult =
  /** Answer code -1: nothing was changed, the state is conflict-pending. */
  | { status: 'conflict'; data: ModuleConflictData }
  | {
      status: 'installed' | 'dependentWaitInstall';
      /** Workspaces whose packages must be installed (answer code -2 when not empty). */
      waitInstall: ModuleWorkspace[];
      /** Project-relative paths copied in. */
      copied: string[];
      /** The backup archive written, if anything was overwritten. */
      backup: string | null;
    };

export async function applyPackage(
  projectDir: string,
  uid: string,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const disk = await requireState(projectDir, uid, [ModuleState.waitInstall, ModuleState.conflictPending]);
  const { info } = disk;
  const fileConflicts = await findFileConflicts(projectDir, uid);
  const dependConflicts = await findDependConflicts(projectDir, info);
  const { decisions } = options;
  if (!decisions && (fileConflicts.length > 0 || dependConflicts.length > 0)) {
    await writeModuleState(projectDir, uid, { ...disk, state: ModuleState.conflictPending });
    return {
      status: 'conflict',
      data: {
        uid,
        state: ModuleState.conflictPending,
        fileConflict: fileConflicts,
        dependConflict: dependConflicts,
      },
    };
  }

  const discarded = new Set(
    fileConflicts.filter((c) => decisions?.fileConflict?.[c.oldFile] === 'discard').map((c) => c.oldFile),
  );
  const toCopy = (await listPackageFiles(projectDir, uid)).filter((path) => !discarded.has(path));
  for (const path of toCopy) await assertPlainDestination(projectDir, path);
  const overwritten = fileConflicts.map((c) => c.oldFile).filter((path) => !discarded.has(path));
  const { changes: dependencyChanges, previous } = await plannedDependencyChanges(
    projectDir,
    info,
    decisions,
  );
  const backupFiles = [
    ...overwritten,
    ...[...dependencyChanges.keys()].map((w) => WORKSPACE_PACKAGE_FILES[w]),
  ];

  const trigger = options.trigger ?? 'install';
  const backupName =
    trigger === 'install'
      ? `${uid}-install.zip`
      : `${uid}-cover-${backupStamp(options.now ?? new Date())}.zip`;
  const backup = join(backupsDir(projectDir), backupName);
  if (backupFiles.length > 0) await writeBackupZip(projectDir, backup, backupFiles);
  // An install archive left by an earlier enable would "restore" stale copies on the next disable.
  else if (trigger === 'install') await rm(backup, { force: true });

  const source = moduleDir(projectDir, uid);
  const prints: FileFingerprint[] = [];
  for (const path of toCopy) {
    const print = await fingerprint(join(source, path), path);
    if (print) prints.push(print);
  }
  const copied: string[] = [];
  try {
    await writeDependencyChanges(projectDir, dependencyChanges);
    for (const { path } of prints) {
      const destination = inside(projectDir, path);
      copied.push(path);
      await mkdir(dirname(destination), { recursive: true });
      await copyFile(join(source, path), destination);
    }
  } catch (error) {
    // Half a module in the project, with its originals' archive replaced by a retry, would lose
    // them: put back what was there and leave the state as it was, so the apply can run again.
    await undoApply(projectDir, copied, backupFiles.length > 0 ? backup : null);
    throw error;
  }
  await writeRuntime(projectDir, uid, { files: prints, dependencies: previous });

  const waitInstall = [...dependencyChanges.keys()];
  const state = waitInstall.length > 0 ? ModuleState.dependentWaitInstall : ModuleState.installed;
  await writeModuleState(projectDir, uid, { ...disk, state, waitInstall });
  return {
    status: state === ModuleState.installed ? 'installed' : 'dependentWaitInstall',
    waitInstall,
    copied: prints.map((print) => print.path),
    backup: backupFiles.length > 0 ? backup : null,
  };
}

/** Removes the files an interrupted apply copied and restores everything it backed up. */
async function undoApply(projectDir: string, copied: string[], backup: string | null): Promise<void> {
  for (const path of copied) {
    await rm(inside(projectDir, path), { force: true }).catch(() => {});
    await removeEmptyParents(projectDir, dirname(inside(projectDir, path)));
  }
  if (backup) await restoreFromArchive(projectDir, backup, () => true);
}

/**
 * The install of a workspace's packages finished (a terminal task succeeded), or of all of them
 * when `workspace` is left out; with nothing left to install the module is installed.
 */
export async function completeDependencyInstall(
  projectDir: string,
  uid: string,
  workspace?: ModuleWorkspace,
): Promise<ModuleState> {
  const disk = await requireState(projectDir, uid, [ModuleState.dependentWaitInstall, ModuleState.installed]);
  const waitInstall = workspace ? disk.waitInstall.filter((w) => w !== workspace) : [];
  const state = waitInstall.length > 0 ? ModuleState.dependentWaitInstall : ModuleState.installed;
  await writeModuleState(projectDir, uid, { ...disk, state, waitInstall });
  return state;
}

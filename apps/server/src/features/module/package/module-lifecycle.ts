/** The state steps of the original's installer that touch only the module folder itself. */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MODULE_UID_PATTERN, ModuleState, type ModuleUninstallPlan } from '@portico/shared';
import { ApiError } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES } from './messages.js';
import { inspectModule, type ModuleOnDisk, requireState, writeModuleState } from './module-state.js';
import { BACKUPS_DIR, MODULES_DIR, moduleDir, modulesRoot, RUNTIME_FILE, STATE_FILE } from './paths.js';

/** Every module folder of the project (not empty), by uid; the manager's own folders are left out. */
export async function listModules(projectDir: string): Promise<ModuleOnDisk[]> {
  const entries = await readdir(modulesRoot(projectDir), { withFileTypes: true }).catch(() => []);
  const uids = entries
    .filter(
      (entry) => entry.isDirectory() && entry.name !== BACKUPS_DIR && MODULE_UID_PATTERN.test(entry.name),
    )
    .map((entry) => entry.name)
    .sort();
  const modules = await Promise.all(uids.map((uid) => inspectModule(projectDir, uid)));
  return modules.filter((module) => module.state !== ModuleState.uninstalled);
}

/** Enable of a disabled module (changeState(true)): it waits for installation again. */
export async function readyToEnable(projectDir: string, uid: string): Promise<void> {
  const disk = await requireState(projectDir, uid, [ModuleState.disable]);
  await writeModuleState(projectDir, uid, { ...disk, state: ModuleState.waitInstall, waitInstall: [] });
}

/** The module's update step ran: the next install is an ordinary one. */
export async function clearUpdateFlag(projectDir: string, uid: string): Promise<void> {
  const disk = await inspectModule(projectDir, uid);
  if (disk.info) await writeModuleState(projectDir, uid, { ...disk, update: false });
}

/**
 * States an uninstall starts from: disabled, or waiting for its install (an uploaded module
 * never installed, or a disabled one switched on again): none has files in the project.
 */
export const UNINSTALL_FROM: readonly ModuleState[] = [ModuleState.disable, ModuleState.waitInstall];

/**
 * What `uninstallPackage` would delete: the folder of a module unpacked from a package; of a
 * module the project ships, only the installer's records in its folder (the folder is kept).
 */
export async function uninstallPlan(projectDir: string, uid: string): Promise<ModuleUninstallPlan> {
  const disk = await inspectModule(projectDir, uid);
  const folder = `${MODULES_DIR}/${uid}`;
  if (disk.state === ModuleState.uninstalled) return { removes: [], keeps: [] };
  if (disk.unpacked) return { removes: [folder], keeps: [] };
  const names = await readdir(moduleDir(projectDir, uid)).catch(() => [] as string[]);
  const records = [STATE_FILE, RUNTIME_FILE].filter((name) => names.includes(name));
  return { removes: records.map((name) => `${folder}/${name}`), keeps: [folder] };
}

/** Deletes what `uninstallPlan` names for a module in an UNINSTALL_FROM state; answers that plan. */
export async function uninstallPackage(projectDir: string, uid: string): Promise<ModuleUninstallPlan> {
  const disk = await inspectModule(projectDir, uid);
  if (!UNINSTALL_FROM.includes(disk.state))
    throw new ApiError(MODULE_PACKAGE_MESSAGES.disableFirst, [], 0, { uid, state: disk.state });
  const plan = await uninstallPlan(projectDir, uid);
  for (const path of plan.removes) await rm(join(projectDir, path), { recursive: true, force: true });
  return plan;
}

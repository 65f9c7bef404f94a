/** The state steps of reference §8.3 that touch only the module folder itself. */
import { readdir, rm } from 'node:fs/promises';
import { MODULE_UID_PATTERN, ModuleState } from '@portico/shared';
import { ApiError } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES } from './messages.js';
import { inspectModule, type ModuleOnDisk, requireState, writeModuleState } from './module-state.js';
import { BACKUPS_DIR, moduleDir, modulesRoot } from './paths.js';

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

/** Deletes the module folder of a disabled module; its backup archives stay. */
export async function uninstallPackage(projectDir: string, uid: string): Promise<void> {
  const disk = await inspectModule(projectDir, uid);
  if (disk.state !== ModuleState.disable)
    throw new ApiError(MODULE_PACKAGE_MESSAGES.disableFirst, [], 0, { uid, state: disk.state });
  await rm(moduleDir(projectDir, uid), { recursive: true, force: true });
}

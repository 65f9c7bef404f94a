/**
 * Installing a module from a zip an administrator uploaded (the original's upload): unpack it
 * safely next to the modules, validate its module.json, and move it into `modules/<uid>/`
 * under the original's upgrade rules. The state becomes wait-install; the installer then
 * applies it.
 */
import { lstat, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type ModuleInfo, ModuleState } from '@portico/shared';
import { fail } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES as M } from './messages.js';
import { inspectModule, type ModuleOnDisk, readModuleInfoAt, writeModuleState } from './module-state.js';
import { INFO_FILE, inside, MODULES_DIR, moduleDir, modulesRoot, RUNTIME_FILE, STATE_FILE } from './paths.js';
import { isUpgrade } from './version.js';
import { safeUnzip, type UnzipLimits, UPLOAD_LIMITS } from './zip-read.js';

export interface UploadResult {
  info: ModuleInfo;
  /** An older version was replaced; the next install runs the module's update step. */
  upgrade: boolean;
}

/** The package root: the zip's top level, or its only folder when the zip wraps one. */
async function packageRoot(unpacked: string): Promise<string> {
  const names = await readdir(unpacked);
  if (names.includes(INFO_FILE)) return unpacked;
  const only = names.length === 1 && names[0] ? join(unpacked, names[0]) : null;
  if (only && (await lstat(only)).isDirectory()) return only;
  return unpacked;
}

/**
 * The validated module.json of a package zip, unpacked and checked exactly as an upload is,
 * without installing anything: the module store checks the packages it publishes with it. The
 * unpacked copy goes into a temporary folder under `workDir` and is removed before answering.
 */
export async function readPackageInfo(
  zipPath: string,
  workDir: string,
  limits: UnzipLimits = UPLOAD_LIMITS,
): Promise<ModuleInfo> {
  if (!(await lstat(zipPath).catch(() => null))?.isFile()) fail(M.zipNotFound);
  await mkdir(workDir, { recursive: true });
  const temp = await mkdtemp(join(workDir, '.package-'));
  try {
    const unpacked = join(temp, 'package');
    await safeUnzip(zipPath, unpacked, limits);
    return await readModuleInfoAt(await packageRoot(unpacked));
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

export interface InstallFromZipOptions {
  limits?: UnzipLimits;
  /**
   * The module the package was fetched as (a market download): a package whose module.json
   * names another module is refused before anything is installed.
   */
  expectedUid?: string;
}

/**
 * Refuses to let a package replace a module folder the project ships (its own source, updated
 * with the project): only a folder the installer unpacked may be replaced.
 */
export function refuseProjectSource(disk: ModuleOnDisk): void {
  if (disk.info && !disk.unpacked) fail(M.projectSource, `${MODULES_DIR}/${disk.uid}`);
}

/**
 * Moves an unpacked package folder (`root`, beside the modules) into `modules/<uid>/` in
 * wait-install state, under the upgrade rules of `installFromZip`; the one way a package
 * folder is placed, for an upload and for a module the CRUD generator wrote.
 */
async function placePackage(projectDir: string, root: string, expectedUid?: string): Promise<UploadResult> {
  const info = await readModuleInfoAt(root);
  if (expectedUid !== undefined && info.uid !== expectedUid) fail(M.wrongPackage, info.uid, expectedUid);
  // The manager's own records never come from a package.
  await rm(join(root, STATE_FILE), { force: true });
  await rm(join(root, RUNTIME_FILE), { force: true });

  const existing = await inspectModule(projectDir, info.uid);
  if (existing.state === ModuleState.directoryOccupied) fail(M.occupied);
  const upgrade = existing.info !== null;
  refuseProjectSource(existing);
  if (existing.info) {
    if (!isUpgrade(existing.info.version, info.version)) fail(M.alreadyExists);
    // Replacing the files of an enabled module would strand its copies in the project.
    if (existing.state !== ModuleState.disable && existing.state !== ModuleState.waitInstall)
      fail(M.disableBeforeUpdate);
  }
  const target = moduleDir(projectDir, info.uid);
  await rm(target, { recursive: true, force: true });
  await rename(root, target);
  await writeModuleState(projectDir, info.uid, {
    state: ModuleState.waitInstall,
    update: upgrade,
    waitInstall: [],
    unpacked: true,
  });
  return { info, upgrade };
}

/**
 * Writes a package given as its files (package-relative path → text: the CRUD generator's
 * output) and places it as an upload is (`placePackage`): a newer version replaces a module
 * the installer placed before, while it is not enabled; never a folder the project ships.
 */
export async function installFromFiles(
  projectDir: string,
  files: Readonly<Record<string, string>>,
): Promise<UploadResult> {
  await mkdir(modulesRoot(projectDir), { recursive: true });
  const temp = await mkdtemp(join(modulesRoot(projectDir), '.generated-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      const target = inside(temp, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text);
    }
    return await placePackage(projectDir, temp);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * Unpacks `zipPath` (refusing hostile content, see safeUnzip) and installs it as
 * `modules/<uid>/` in wait-install state. An existing module is replaced only by a newer version
 * (at least its next patch), only while it is not enabled, and only when its folder was itself
 * unpacked from a package: a module the project ships is its own source, updated with it.
 */
export async function installFromZip(
  projectDir: string,
  zipPath: string,
  { limits = UPLOAD_LIMITS, expectedUid }: InstallFromZipOptions = {},
): Promise<UploadResult> {
  if (!(await lstat(zipPath).catch(() => null))?.isFile()) fail(M.zipNotFound);
  await mkdir(modulesRoot(projectDir), { recursive: true });
  const temp = join(
    modulesRoot(projectDir),
    `.upload-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  try {
    await safeUnzip(zipPath, temp, limits);
    return await placePackage(projectDir, await packageRoot(temp), expectedUid);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * A module's description and state on disk: `module.json` (validated) and `.state.json`
 * (written only by the manager). A folder without a valid module.json is "occupied"; a valid
 * one the manager has not touched yet (e.g. a first-party module shipped in the repository)
 * waits for installation.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkModuleInfo,
  MODULE_UID_PATTERN,
  MODULE_WORKSPACES,
  type ModuleInfo,
  ModuleState,
  type ModuleWorkspace,
} from '@portico/shared';
import { ApiError, fail } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES } from './messages.js';
import { INFO_FILE, moduleDir, STATE_FILE } from './paths.js';

/** What the manager writes in `.state.json` (the original's info.ini flags). */
export interface ModuleStateFile {
  state: ModuleState;
  /** Set by an upgrade upload: the next install runs the module's update step. */
  update: boolean;
  /** Workspaces whose packages were changed and still need an install. */
  waitInstall: ModuleWorkspace[];
  /**
   * The folder was unpacked from a package (an upload or a market download), so an uninstall
   * may delete it. A folder the installer did not unpack (a module the project ships in
   * `modules/`) is the project's own source and is never deleted.
   */
  unpacked?: boolean;
}

export interface ModuleOnDisk extends ModuleStateFile {
  uid: string;
  unpacked: boolean;
  /** Null when the folder is missing, empty or occupied. */
  info: ModuleInfo | null;
}

const STATES = new Set<number>(Object.values(ModuleState));

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Reads and validates `<dir>/module.json`; refuses with the validation's message. */
export async function readModuleInfoAt(dir: string): Promise<ModuleInfo> {
  const check = checkModuleInfo(await readJson(join(dir, INFO_FILE)));
  if (!check.ok) throw new ApiError(check.message, check.params);
  return check.info;
}

/** The module's description and state; never throws for a missing or broken folder. */
export async function inspectModule(projectDir: string, uid: string): Promise<ModuleOnDisk> {
  const empty = { uid, info: null, update: false, waitInstall: [], unpacked: false };
  if (!MODULE_UID_PATTERN.test(uid)) return { ...empty, state: ModuleState.uninstalled };
  const dir = moduleDir(projectDir, uid);
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return { ...empty, state: ModuleState.uninstalled };
  const check = checkModuleInfo(await readJson(join(dir, INFO_FILE)));
  if (!check.ok || check.info.uid !== uid) return { ...empty, state: ModuleState.directoryOccupied };
  const saved = (await readJson(join(dir, STATE_FILE))) as Partial<ModuleStateFile> | undefined;
  const state = STATES.has(saved?.state as number) ? (saved?.state as ModuleState) : ModuleState.waitInstall;
  const waitInstall = Array.isArray(saved?.waitInstall)
    ? MODULE_WORKSPACES.filter((workspace) => saved.waitInstall?.includes(workspace))
    : [];
  return {
    uid,
    info: check.info,
    state,
    update: saved?.update === true,
    waitInstall,
    unpacked: saved?.unpacked === true,
  };
}

export async function moduleState(projectDir: string, uid: string): Promise<ModuleState> {
  return (await inspectModule(projectDir, uid)).state;
}

/** The validated description of a module present on disk. */
export async function readModule(projectDir: string, uid: string): Promise<ModuleInfo> {
  const disk = await inspectModule(projectDir, uid);
  if (disk.info) return disk.info;
  return disk.state === ModuleState.directoryOccupied
    ? readModuleInfoAt(moduleDir(projectDir, uid)).then(() => fail(MODULE_PACKAGE_MESSAGES.occupied))
    : fail(MODULE_PACKAGE_MESSAGES.notFound);
}

export async function writeModuleState(
  projectDir: string,
  uid: string,
  next: ModuleStateFile,
): Promise<void> {
  const body: ModuleStateFile = {
    state: next.state,
    update: next.update,
    waitInstall: [...next.waitInstall],
    ...(next.unpacked ? { unpacked: true } : {}),
  };
  await writeFile(join(moduleDir(projectDir, uid), STATE_FILE), `${JSON.stringify(body, null, 2)}\n`);
}

/** Refuses unless the module's state is one of `allowed`; answers the module as found. */
export async function requireState(
  projectDir: string,
  uid: string,
  allowed: readonly ModuleState[],
): Promise<ModuleOnDisk & { info: ModuleInfo }> {
  const disk = await inspectModule(projectDir, uid);
  if (!disk.info) fail(MODULE_PACKAGE_MESSAGES.notFound);
  if (!allowed.includes(disk.state))
    throw new ApiError(MODULE_PACKAGE_MESSAGES.wrongState, [], 0, { uid, state: disk.state });
  return disk as ModuleOnDisk & { info: ModuleInfo };
}

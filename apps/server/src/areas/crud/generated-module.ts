/**
 * The generated module's life through the app's module installer: placing a generation in
 * `modules/<uid>/` and installing it (an earlier generation is disabled first, and replaced by
 * the newer version), and removing it (disabled, then uninstalled: its menu rules and folder
 * go). Only a folder the generator wrote is ever replaced or removed.
 */
import {
  ApiError,
  type AppContext,
  areaModuleInstaller,
  inspectModule,
  installFromFiles,
  type ModuleAnswer,
} from '@portico/server-sdk';
import { ModuleState } from '@portico/shared';
import { MESSAGES } from './lang.js';
import { isGeneratedModule, moduleFolderExists } from './table-access.js';

/**
 * Refuses a uid the generator may not take: a `modules/<uid>/` folder it did not write (a
 * module of someone else's), or a module or built-in area the app already knows by that uid
 * without such a folder (two modules of one uid would stop the server from starting).
 */
export async function assertGeneratedOrFree(ctx: AppContext, uid: string): Promise<void> {
  if (await isGeneratedModule(ctx, uid)) return;
  if (await moduleFolderExists(ctx, uid)) throw new ApiError(MESSAGES.notGenerated, [`modules/${uid}`]);
  if (await moduleRecorded(ctx, uid)) throw new ApiError(MESSAGES.moduleTaken, [uid]);
}

/** Whether the app has a record of a module (or built-in area) by that uid. */
export async function moduleRecorded(ctx: AppContext, uid: string): Promise<boolean> {
  const row = await ctx.db.kysely
    .selectFrom('module')
    .select('uid')
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the generation as the module's package and installs it; answers as the installer does. */
export async function installGeneration(
  ctx: AppContext,
  uid: string,
  files: Readonly<Record<string, string>>,
): Promise<ModuleAnswer> {
  const installer = areaModuleInstaller(ctx);
  const { projectDir } = ctx.config;
  return installer.exclusive(async () => {
    // Checked again inside the lock: nothing else may have taken the folder meanwhile.
    await assertGeneratedOrFree(ctx, uid);
    if ((await inspectModule(projectDir, uid)).state === ModuleState.installed) await installer.disable(uid);
    await installFromFiles(projectDir, files);
    return installer.install(uid);
  });
}

/**
 * Disables and uninstalls the generated module, whatever state it was left in. Answers the
 * disable's answer when it was installed (its routes and web page leave with the restart and
 * the rebuild it asks for), else null: nothing running changes.
 */
export async function removeGeneration(ctx: AppContext, uid: string): Promise<ModuleAnswer | null> {
  const installer = areaModuleInstaller(ctx);
  const { projectDir } = ctx.config;
  return installer.exclusive(async () => {
    await assertGeneratedOrFree(ctx, uid);
    const { state } = await inspectModule(projectDir, uid);
    if (state === ModuleState.uninstalled) return null;
    const answer = state === ModuleState.installed ? await installer.disable(uid) : null;
    await installer.uninstall(uid);
    return answer;
  });
}

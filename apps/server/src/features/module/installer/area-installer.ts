/**
 * The module installer as a built-in area may drive it (the CRUD generator installs, updates
 * and removes the modules it writes): the same instance the `/admin/module/*` endpoints use,
 * so its one-operation-at-a-time lock and its steps are shared. The app creates the installer
 * before the areas register their routes; asking earlier is a programming error.
 */
import type { ModuleUninstallPlan } from '@portico/shared';
import type { AppContext } from '../../../context.js';
import type { ModuleAnswer, ModuleInstaller } from './installer.js';

const installers = new WeakMap<AppContext, ModuleInstaller>();

/** Called once by the installer's routes: the app's installer. */
export function shareModuleInstaller(ctx: AppContext, installer: ModuleInstaller): void {
  installers.set(ctx, installer);
}

/** What an area may do with a module package already placed in `modules/<uid>/`. */
export interface AreaModuleInstaller {
  /** Runs `work` as the one module operation (refused while another runs). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Installs a waiting module (a new one, or a newer version placed over a disabled one). */
  install(uid: string): Promise<ModuleAnswer>;
  /** Takes an enabled module's files out and disables it, whatever was edited in its copies. */
  disable(uid: string): Promise<ModuleAnswer>;
  /**
   * Deletes a disabled or waiting module: its data (migrations undone) and folder. An area's
   * module is rewritten, not released: its code running here stands for no later package of
   * that uid, whatever its version (that one is enabled by the start that loads it).
   */
  uninstall(uid: string): Promise<ModuleUninstallPlan>;
}

export function areaModuleInstaller(ctx: AppContext): AreaModuleInstaller {
  const installer = installers.get(ctx);
  if (!installer) throw new Error('The module installer is not ready yet');
  return {
    exclusive: (work) => installer.exclusive(work),
    install: (uid) => installer.install(uid),
    disable: (uid) => installer.disable(uid, { confirmConflict: true }),
    uninstall: async (uid) => {
      const plan = await installer.uninstall(uid);
      installer.forgetLoadedCode(uid);
      return plan;
    },
  };
}

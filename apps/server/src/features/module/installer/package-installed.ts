/** What startModules asks about a module's package (see PackageInstalled in the contract). */
import { ModuleState } from '@portico/shared';
import { inspectModule } from '../package/index.js';

export async function packageInstalled(projectDir: string, uid: string): Promise<boolean | null> {
  const { state } = await inspectModule(projectDir, uid);
  // No package folder: a module shipped with the code, enabled on first sight as before.
  if (state === ModuleState.uninstalled) return null;
  return state === ModuleState.installed;
}

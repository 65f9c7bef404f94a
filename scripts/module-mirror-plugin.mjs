/**
 * Vite plugin for tests of a module package before it is installed: a file under
 * `modules/<uid>/apps/...` imports project files by the relative paths it will have once the
 * installer copied it to `apps/...`, so an import the package itself cannot satisfy is resolved
 * from the file's project path instead (what tsc's `rootDirs` does in modules/<uid>/tsconfig.json).
 */
import { join, relative, sep } from 'node:path';

export function moduleMirror(projectDir) {
  const modulesDir = join(projectDir, 'modules');
  return {
    name: 'portico-module-mirror',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.') || !importer.startsWith(modulesDir + sep)) return null;
      const own = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (own) return own;
      // modules/<uid>/<project path>: drop the first two segments.
      const inProject = relative(modulesDir, importer).split(sep).slice(1).join(sep);
      return this.resolve(source, join(projectDir, inProject), { ...options, skipSelf: true });
    },
  };
}

/**
 * Vite plugin for tests of a module package before it is installed: the package's sides import
 * its wire types as `@portico/shared/modules/<uid>`, which exists in packages/shared only once
 * the installer copied `modules/<uid>/packages/shared/src/modules/<uid>/` there. Until then such
 * an import is resolved from the package itself (what `paths` does in modules/<uid>/tsconfig.json).
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const WIRE = /^@portico\/shared\/modules\/([a-z][a-z0-9_-]*)$/;

export function moduleMirror(projectDir) {
  const modulesDir = join(projectDir, 'modules');
  return {
    name: 'portico-module-mirror',
    enforce: 'pre',
    resolveId(source, importer) {
      const wire = WIRE.exec(source);
      if (!wire || !importer?.startsWith(modulesDir + sep)) return null;
      const pkg = relative(modulesDir, importer).split(sep)[0] ?? '';
      const file = join(modulesDir, pkg, 'packages/shared/src/modules', wire[1], 'index.ts');
      return existsSync(file) ? file : null;
    },
  };
}

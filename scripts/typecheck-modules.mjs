/**
 * `npm run typecheck`, module packages: each `modules/<uid>/tsconfig.json` is checked with
 * tsc, its files seeing the core at the paths they get once installed (rootDirs). A package's
 * npm packages are only in the workspace once it is installed (or installed by hand for its
 * tests), so a package whose module.json names a package that cannot be found is skipped, saying so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Installed for the web workspace (hoisted or not); `exports` may hide package.json from require. */
const found = (name) =>
  ['apps/web/node_modules', 'node_modules'].some((dir) => existsSync(join(root, dir, name)));

const modulesDir = join(root, 'modules');
for (const uid of existsSync(modulesDir) ? readdirSync(modulesDir, { withFileTypes: true }) : []) {
  const dir = join(modulesDir, uid.name);
  if (!uid.isDirectory() || !existsSync(join(dir, 'tsconfig.json'))) continue;
  const info = JSON.parse(readFileSync(join(dir, 'module.json'), 'utf8'));
  const missing = Object.keys({ ...info.web?.dependencies, ...info.web?.devDependencies }).filter(
    (name) => !found(name),
  );
  if (missing.length > 0) {
    console.log(
      `modules/${uid.name}: not type-checked, its packages are not installed (${missing.join(', ')})`,
    );
    continue;
  }
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      stdio: 'inherit',
    });
  } catch {
    // tsc printed the errors.
    process.exitCode = 1;
  }
}

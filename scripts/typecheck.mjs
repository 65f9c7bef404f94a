/**
 * `npm run typecheck`: tsc over every TypeScript project of the repository, as many at a time as
 * the machine has cores. One after another they took 61-64 s on this project's two-core machine
 * (quiet), two at a time 50-51 s: not half, as one tsc already keeps 1.5 cores busy (apps/server:
 * 151% CPU), the garbage collector working beside the checker.
 *
 * The projects: the scripts, the packages, the apps, the browser tests, and each module package
 * (`modules/<uid>/tsconfig.json`, its files seeing the core at the paths they get once installed:
 * rootDirs). A module package's npm packages are only in the workspace once it is installed (or
 * installed by hand for its tests), so a package whose module.json names a package that cannot
 * be found is skipped, saying so.
 *
 * Each project's output is printed whole when it ends, so two projects' errors never interleave.
 * Exits non-zero when any project has errors.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** Longest first (as each took alone), so the last to end is a short one. */
const CORE_PROJECTS = [
  'apps/server',
  'apps/web',
  '.',
  'packages/server-sdk',
  'packages/web-sdk',
  'e2e',
  'packages/shared',
];

/** Installed for the web workspace (hoisted or not); `exports` may hide package.json from require. */
const found = (name) =>
  ['apps/web/node_modules', 'node_modules'].some((dir) => existsSync(join(root, dir, name)));

/** The module packages that can be checked here; says which cannot, and why. */
function modulePackages() {
  const modulesDir = join(root, 'modules');
  const projects = [];
  for (const uid of existsSync(modulesDir) ? readdirSync(modulesDir, { withFileTypes: true }) : []) {
    const dir = join('modules', uid.name);
    if (!uid.isDirectory() || !existsSync(join(root, dir, 'tsconfig.json'))) continue;
    const info = JSON.parse(readFileSync(join(root, dir, 'module.json'), 'utf8'));
    const missing = Object.keys({ ...info.web?.dependencies, ...info.web?.devDependencies }).filter(
      (name) => !found(name),
    );
    if (missing.length > 0) {
      console.log(`${dir}: not type-checked, its packages are not installed (${missing.join(', ')})`);
    } else {
      projects.push(dir);
    }
  }
  return projects;
}

/** tsc -p `project`; resolves to whether it found no errors, having printed its output if not. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      if (code !== 0) {
        process.stdout.write(`\ntsc -p ${project}: errors\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code === 0);
    });
  });
}

const queue = [...CORE_PROJECTS, ...modulePackages()];
let failed = false;
const worker = async () => {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    if (!(await check(project))) failed = true;
  }
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
process.exitCode = failed ? 1 : 0;

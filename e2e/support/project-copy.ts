/**
 * A scratch copy of the whole project, for browser tests that change the project's own files
 * (a module installed, packages added to the workspaces, the web app rebuilt): the checkout the
 * tests run from stays as it is. The copy holds the project's files (tracked, and new ones not
 * ignored: no build output, databases or node_modules) and its own `npm ci`, so what the test
 * installs lands in the copy's node_modules only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The project's files as git sees them: tracked and new, but not ignored or deleted. */
function projectFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(root, file)));
}

/** Runs npm in `dir`; throws with npm's output when it fails. */
function npm(dir: string, args: string[]): void {
  const run = spawnSync('npm', args, { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000 });
  if (run.status !== 0)
    throw new Error(`npm ${args.join(' ')} failed in ${dir}:\n${run.stdout}\n${run.stderr}`.slice(-8000));
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Where the lock file of `dir` places the packages that have install scripts
 * (`node_modules/<name>`, nested ones included).
 */
function packagesWithInstallScripts(dir: string): string[] {
  const { packages } = readJson(join(dir, 'package-lock.json')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  return Object.keys(packages).filter((place) => packages[place]?.hasInstallScript);
}

/**
 * Gives the package at `place` in `dir` the native build the checkout made of the same version
 * (the copy's server runs on the same Node); answers false when there is none to take.
 */
function takeNativeBuild(checkout: string, dir: string, place: string): boolean {
  const from = join(checkout, place);
  const to = join(dir, place);
  if (!existsSync(join(from, 'build/Release')) || !existsSync(join(to, 'package.json'))) return false;
  if (readJson(join(from, 'package.json')).version !== readJson(join(to, 'package.json')).version)
    return false;
  cpSync(join(from, 'build'), join(to, 'build'), { recursive: true });
  return true;
}

/**
 * `npm ci` in `dir`, with the native builds taken from the checkout instead of made again:
 * better-sqlite3 finds no prebuilt binary here and compiles SQLite from source, three to four
 * minutes of a busy core per copy. npm installs with scripts off, then runs the scripts of the
 * packages whose build was not taken (`npm rebuild`), so a failing script still fails; what
 * `npm ci` checks first (package.json and the lock file agree) is the same either way.
 */
export function installLocked(dir: string, checkout = resolve('.')): void {
  npm(dir, ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund']);
  const toRun = packagesWithInstallScripts(dir).filter((place) => !takeNativeBuild(checkout, dir, place));
  const names = [...new Set(toRun.map((place) => place.split('node_modules/').at(-1) ?? place))];
  if (names.length > 0) npm(dir, ['rebuild', ...names]);
}

/** Copies the project at `root` (the checkout by default) and installs its packages (`installLocked`). */
export function copyProject(root = resolve('.')): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'portico-copy-')), 'project');
  for (const file of projectFiles(root)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  installLocked(copy, root);
  return copy;
}

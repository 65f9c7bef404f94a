/**
 * A scratch copy of the whole project, for browser tests that change the project's own files
 * (a module installed, packages added to the workspaces, the web app rebuilt): the checkout the
 * tests run from stays as it is. The copy holds the project's files (tracked, and new ones not
 * ignored: no build output, databases or node_modules) and its own node_modules, so what the test
 * installs lands in the copy's only: a copy of the packages the checkout installed from the lock
 * file, or, when the checkout's do not match the lock, its own `npm ci`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { webBuildIsStale } from '../../scripts/build-web.mjs';

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

interface LockedPackage {
  version?: string;
  link?: boolean;
  optional?: boolean;
}

/** A package's folder (`…node_modules/name` or `…node_modules/@scope/name`), not a file in one. */
const PACKAGE_FOLDER = /(^|\/)node_modules\/(@[^/]+\/)?[^/@.][^/]*$/;

/**
 * Copies the checkout's node_modules into `dir` when it holds exactly what `dir`'s lock file
 * installs, and answers whether it did. A full `npm ci` of the copy costs a minute or more of a
 * busy core for the same files. Left out: packages the lock does not list (CI installs the
 * shipped modules' packages into the checkout with --no-save, and a test that installs a module
 * must see npm add them), npm's record of the tree (`.package-lock.json`, which lists those
 * too; npm reads the tree instead) and Vite's caches. Symlinks (the workspace packages, `.bin`)
 * are copied as they are, so they point into the copy.
 */
function copyLockedPackages(checkout: string, dir: string): boolean {
  const { packages } = readJson(join(dir, 'package-lock.json')) as {
    packages: Record<string, LockedPackage>;
  };
  for (const [place, locked] of Object.entries(packages)) {
    if (!place.startsWith('node_modules/') || locked.link) continue;
    const manifest = join(checkout, place, 'package.json');
    if (!existsSync(manifest)) {
      if (locked.optional) continue; // a package of another platform, which npm ci skips too
      return false;
    }
    if (readJson(manifest).version !== locked.version) return false;
  }
  const modules = join(checkout, 'node_modules');
  cpSync(modules, join(dir, 'node_modules'), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => {
      const place = relative(checkout, source);
      if (/^node_modules\/(\.package-lock\.json|\.vite)/.test(place)) return false;
      return !PACKAGE_FOLDER.test(place) || place in packages;
    },
  });
  return true;
}

/** Where the web app's build goes, in a project (scripts/build-web.mjs). */
const WEB_BUILD = 'apps/web/dist';
/** The checkout this file is in: the one whose build `webBuildIsStale` answers for. */
const CHECKOUT = resolve(import.meta.dirname, '../..');

/**
 * Copies the project at `root` (the checkout by default) with its packages: the checkout's when
 * they match the lock file (`copyLockedPackages`), otherwise installed (`installLocked`). The
 * checkout's web build comes too when it is current (the browser tests' global set-up makes it
 * so): the copy's sources are the same, so its build would be the same files, which its first
 * `npm start` built again (10 s on a quiet machine, several times that beside the other browser
 * tests). Copied after the sources, it is newer than they are, which is what tells `npm start`
 * the build is current.
 */
export function copyProject(root = resolve('.')): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'portico-copy-')), 'project');
  for (const file of projectFiles(root)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  if (!copyLockedPackages(root, copy)) {
    rmSync(join(copy, 'node_modules'), { recursive: true, force: true });
    installLocked(copy, root);
  }
  if (resolve(root) === CHECKOUT && !webBuildIsStale()) {
    cpSync(join(root, WEB_BUILD), join(copy, WEB_BUILD), { recursive: true });
  }
  return copy;
}

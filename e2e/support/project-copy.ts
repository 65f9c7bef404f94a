/**
 * A scratch copy of the whole project, for browser tests that change the project's own files
 * (a module installed, packages added to the workspaces, the web app rebuilt): the checkout the
 * tests run from stays as it is. The copy holds the project's files (tracked, and new ones not
 * ignored: no build output, databases or node_modules) and its own `npm ci`, so what the test
 * installs lands in the copy's node_modules only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
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
export function npm(dir: string, args: string[]): void {
  const run = spawnSync('npm', args, { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000 });
  if (run.status !== 0)
    throw new Error(`npm ${args.join(' ')} failed in ${dir}:\n${run.stdout}\n${run.stderr}`.slice(-8000));
}

/** Copies the project at `root` (the checkout by default) and installs its packages with `npm ci`. */
export function copyProject(root = resolve('.')): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'portico-copy-')), 'project');
  for (const file of projectFiles(root)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  npm(copy, ['ci', '--prefer-offline', '--no-audit', '--no-fund']);
  return copy;
}

/** Taking module files out of the project again: empty folders and originals from an archive. */
import { copyFile, lstat, mkdir, readdir, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fail } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES } from './messages.js';
import { inside } from './paths.js';
import { BACKUP_LIMITS, safeUnzip } from './zip-read.js';

/**
 * Refuses a destination a copy could not safely write: a link anywhere on its way (it would write
 * wherever the link points, possibly outside the project) or a folder where the file goes.
 */
export async function assertPlainDestination(projectDir: string, path: string): Promise<void> {
  if (!(await isPlainDestination(projectDir, path))) fail(MODULE_PACKAGE_MESSAGES.notPlainFile, path);
}

export async function isPlainDestination(projectDir: string, path: string): Promise<boolean> {
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const stat = await lstat(inside(projectDir, parts.slice(0, i).join('/'))).catch(() => null);
    if (!stat) return true;
    const last = i === parts.length;
    if (stat.isSymbolicLink() || (last ? !stat.isFile() : !stat.isDirectory())) return false;
  }
  return true;
}

/** Removes `dir` and its parents while they are empty, never the project folder itself. */
export async function removeEmptyParents(projectDir: string, dir: string): Promise<void> {
  const root = resolve(projectDir);
  for (let current = resolve(dir); current.startsWith(`${root}/`); current = dirname(current)) {
    const names = await readdir(current).catch(() => null);
    if (names === null || names.length > 0) return;
    await rmdir(current).catch(() => {});
  }
}

/**
 * Copies the files of a backup archive back into the project, those `wanted` accepts; answers
 * their paths. A missing archive restores nothing.
 */
export async function restoreFromArchive(
  projectDir: string,
  archive: string,
  wanted: (path: string) => boolean,
): Promise<string[]> {
  const present = await readdir(dirname(archive)).then(
    (names) => names.includes(basename(archive)),
    () => false,
  );
  if (!present) return [];
  const temp = join(
    dirname(archive),
    `.restore-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  const restored: string[] = [];
  try {
    for (const path of await safeUnzip(archive, temp, BACKUP_LIMITS)) {
      // Never through a link that appeared since: it could point outside the project.
      if (!wanted(path) || !(await isPlainDestination(projectDir, path))) continue;
      const destination = inside(projectDir, path);
      await mkdir(dirname(destination), { recursive: true });
      await copyFile(join(temp, path), destination);
      restored.push(path);
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return restored.sort();
}

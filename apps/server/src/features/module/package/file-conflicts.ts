/** Package files whose destination in the project already holds something else. */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModuleFileConflict } from '@portico/shared';
import { listPackageFiles, sameContent } from './package-files.js';
import { inside, moduleDir } from './paths.js';

export async function findFileConflicts(projectDir: string, uid: string): Promise<ModuleFileConflict[]> {
  const conflicts: ModuleFileConflict[] = [];
  const base = moduleDir(projectDir, uid);
  for (const path of await listPackageFiles(projectDir, uid)) {
    const destination = inside(projectDir, path);
    if (!(await lstat(destination).catch(() => null))) continue;
    if (await sameContent(join(base, path), destination)) continue;
    conflicts.push({ newFile: `${uid}/${path}`, oldFile: path, solution: 'cover' });
  }
  return conflicts;
}

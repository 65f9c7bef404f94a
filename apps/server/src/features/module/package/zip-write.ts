/** Backup archives of project files, written next to each other under modules/backups/. */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { inside } from './paths.js';

/**
 * Writes the project files at `paths` (project-relative) into `zipPath`; written under a
 * temporary name first so an interrupted backup never replaces a good one.
 */
export async function writeBackupZip(
  projectDir: string,
  zipPath: string,
  paths: readonly string[],
): Promise<void> {
  await mkdir(dirname(zipPath), { recursive: true });
  const zip = new yazl.ZipFile();
  for (const path of paths) zip.addFile(inside(projectDir, path), path);
  zip.end();
  const partial = `${zipPath}.partial`;
  try {
    await pipeline(zip.outputStream, createWriteStream(partial));
    await rename(partial, zipPath);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * The files a package mirrors into the project, and the record of what was copied at enable
 * (`.runtime.json`), which lets a disable tell the administrator's edits from the module's files
 * and remove only files the module really put there.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isManagedProjectFile, MIRROR_ROOTS, moduleDir, RUNTIME_FILE } from './paths.js';
import type { DependencyRecord } from './workspace-deps.js';

export interface FileFingerprint {
  path: string;
  size: number;
  sha1: string;
}

export interface RuntimeRecord {
  /** Files copied into the project, as they were copied. */
  files: FileFingerprint[];
  /** Packages merged into the workspaces, with what they replaced. */
  dependencies: DependencyRecord;
}

async function walk(dir: string, prefix: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const rel = `${prefix}/${entry.name}`;
    // Only plain files and folders: a link in a package could point anywhere.
    if (entry.isDirectory()) found.push(...(await walk(join(dir, entry.name), rel)));
    else if (entry.isFile()) found.push(rel);
  }
  return found;
}

/** Project-relative paths of the package's mirrored files, sorted. */
export async function listPackageFiles(projectDir: string, uid: string): Promise<string[]> {
  const base = moduleDir(projectDir, uid);
  const files: string[] = [];
  for (const root of MIRROR_ROOTS) files.push(...(await walk(join(base, root), root)));
  return files.filter((path) => !isManagedProjectFile(path)).sort();
}

/** Size and sha1 of a plain file; null when there is no plain file at `full`. */
export async function fingerprint(full: string, path: string): Promise<FileFingerprint | null> {
  const stat = await lstat(full).catch(() => null);
  if (!stat?.isFile()) return null;
  const hash = createHash('sha1');
  for await (const chunk of createReadStream(full)) hash.update(chunk as Buffer);
  return { path, size: stat.size, sha1: hash.digest('hex') };
}

/** True when both paths hold plain files with the same content. */
export async function sameContent(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([fingerprint(a, ''), fingerprint(b, '')]);
  return !!left && !!right && left.size === right.size && left.sha1 === right.sha1;
}

export async function readRuntime(projectDir: string, uid: string): Promise<RuntimeRecord> {
  try {
    const parsed = JSON.parse(await readFile(join(moduleDir(projectDir, uid), RUNTIME_FILE), 'utf8'));
    const dependencies =
      typeof parsed?.dependencies === 'object' && parsed.dependencies ? parsed.dependencies : {};
    return { files: Array.isArray(parsed?.files) ? parsed.files : [], dependencies };
  } catch {
    return { files: [], dependencies: {} };
  }
}

export async function writeRuntime(projectDir: string, uid: string, record: RuntimeRecord): Promise<void> {
  await writeFile(join(moduleDir(projectDir, uid), RUNTIME_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

export async function removeRuntime(projectDir: string, uid: string): Promise<void> {
  await rm(join(moduleDir(projectDir, uid), RUNTIME_FILE), { force: true });
}

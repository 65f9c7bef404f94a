/**
 * Version packages. An administrator uploads the zip as an attachment (the usual upload), and
 * the version form names it; the store checks it as the module installer checks an upload
 * (safe unpacking, a valid module.json), then keeps its own copy in a private folder. A paid
 * module's package must only leave through the download route that checks the member's order.
 *
 * The private folder is `.store-packages` inside the upload storage (STORAGE_DIR): every
 * process of a site shares that storage (docs/deploy.md), so a version published through one
 * process downloads through any other, and /storage never serves it, as the static route
 * refuses every path with a dot-segment.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, createReadStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fail, readPackageInfo, resolveUploadedZip } from '@portico/server-sdk';
import type { ModuleInfo } from '@portico/shared';
import { STORE_MESSAGES as M } from './messages.js';

export function packagesRoot(storageDir: string): string {
  return resolve(storageDir, '.store-packages');
}

/**
 * Versions published before the packages moved into the shared storage kept them in
 * `DATA_DIR/store-packages`: moved over once, at start, so their downloads go on working.
 */
export function moveLegacyPackages({ dataDir, storageDir }: { dataDir: string; storageDir: string }): void {
  const legacy = resolve(dataDir, 'store-packages');
  const root = packagesRoot(storageDir);
  if (!existsSync(legacy) || existsSync(root)) return;
  mkdirSync(dirname(root), { recursive: true });
  cpSync(legacy, root, { recursive: true });
  rmSync(legacy, { recursive: true, force: true });
}

/** The stored package behind a version's `package` column; null when it would leave the folder. */
export function packageFile(storageDir: string, name: string): string | null {
  const root = packagesRoot(storageDir);
  const file = resolve(root, name);
  return file.startsWith(root + sep) ? file : null;
}

/** A file's digest, read as a stream (packages run to the upload cap). */
export async function fileDigest(path: string, algorithm: 'sha256' | 'sha1'): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface CheckedPackage {
  info: ModuleInfo;
  /** The package zip (an upload in the attachment storage, or one the store wrote). */
  zip: string;
  sha256: string;
  size: number;
}

/**
 * The uploaded zip at `url`, checked as the installer checks an upload and against the module
 * it is published for. Nothing is copied yet: the caller checks the version first.
 */
export async function checkPackage(storageDir: string, uid: string, url: unknown): Promise<CheckedPackage> {
  if (typeof url !== 'string' || url.trim() === '') fail(M.packageRequired);
  return checkZip(storageDir, uid, await resolveUploadedZip(storageDir, url));
}

/** A package zip on this machine, checked as an upload is and against the module's uid. */
export async function checkZip(storageDir: string, uid: string, zip: string): Promise<CheckedPackage> {
  const info = await readPackageInfo(zip, join(packagesRoot(storageDir), '.work'));
  if (info.uid !== uid) fail(M.packageUid, info.uid, uid);
  const [sha256, { size }] = await Promise.all([fileDigest(zip, 'sha256'), stat(zip)]);
  return { info, zip, sha256, size };
}

/**
 * Copies a checked package into the private folder; answers its name there (the version's
 * `package` column). A random part keeps every upload's copy its own, so removing the copy of
 * a version that was not written after all can never take another version's file.
 */
export async function keepPackage(storageDir: string, checked: CheckedPackage): Promise<string> {
  const { uid, version } = checked.info;
  const name = `${uid}/${version}-${randomBytes(8).toString('hex')}.zip`;
  const target = packageFile(storageDir, name);
  if (!target) fail(M.packageRequired);
  await mkdir(join(packagesRoot(storageDir), uid), { recursive: true });
  await copyFile(checked.zip, target);
  return name;
}

export async function removePackage(storageDir: string, name: string): Promise<void> {
  const file = packageFile(storageDir, name);
  if (file) await rm(file, { force: true });
}

/**
 * Version packages. An administrator uploads the zip as an attachment (the usual upload), and
 * the version form names it; the store checks it as the module installer checks an upload
 * (safe unpacking, a valid module.json), then keeps its own copy in a private folder of the
 * data directory. Attachments are served publicly from /storage, and a paid module's package
 * must only leave through the download route that checks the member's order.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { ModuleInfo } from '@portico/shared';
import { fail } from '../../http/errors.js';
import { resolveUploadedZip } from '../module/installer/attachment-zip.js';
import { readPackageInfo } from '../module/package/index.js';
import { STORE_MESSAGES as M } from './messages.js';

export function packagesRoot(dataDir: string): string {
  return resolve(dataDir, 'store-packages');
}

/** The stored package behind a version's `package` column; null when it would leave the folder. */
export function packageFile(dataDir: string, name: string): string | null {
  const root = packagesRoot(dataDir);
  const file = resolve(root, name);
  return file.startsWith(root + sep) ? file : null;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
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
export async function checkPackage(
  { dataDir, storageDir }: { dataDir: string; storageDir: string },
  uid: string,
  url: unknown,
): Promise<CheckedPackage> {
  if (typeof url !== 'string' || url.trim() === '') fail(M.packageRequired);
  return checkZip(dataDir, uid, await resolveUploadedZip(storageDir, url));
}

/** A package zip on this machine, checked as an upload is and against the module's uid. */
export async function checkZip(dataDir: string, uid: string, zip: string): Promise<CheckedPackage> {
  const info = await readPackageInfo(zip, join(packagesRoot(dataDir), '.work'));
  if (info.uid !== uid) fail(M.packageUid, info.uid, uid);
  const [sha256, { size }] = await Promise.all([sha256Of(zip), stat(zip)]);
  return { info, zip, sha256, size };
}

/**
 * Copies a checked package into the private folder; answers its name there (the version's
 * `package` column). A random part keeps every upload's copy its own, so removing the copy of
 * a version that was not written after all can never take another version's file.
 */
export async function keepPackage(dataDir: string, checked: CheckedPackage): Promise<string> {
  const { uid, version } = checked.info;
  const name = `${uid}/${version}-${randomBytes(8).toString('hex')}.zip`;
  const target = packageFile(dataDir, name);
  if (!target) fail(M.packageRequired);
  await mkdir(join(packagesRoot(dataDir), uid), { recursive: true });
  await copyFile(checked.zip, target);
  return name;
}

export async function removePackage(dataDir: string, name: string): Promise<void> {
  const file = packageFile(dataDir, name);
  if (file) await rm(file, { force: true });
}

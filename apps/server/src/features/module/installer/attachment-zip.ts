/**
 * The `file` of an upload request: the URL (or `/storage/...` path) of a zip an administrator
 * uploaded as an attachment. Only a plain .zip file really inside the upload storage is
 * accepted; links are resolved before the check, so none can lead out of it.
 */
import { realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { fail } from '../../../http/errors.js';
import { fileOf } from '../../upload/index.js';
import { MODULE_PACKAGE_MESSAGES } from '../package/index.js';
import { INSTALLER_MESSAGES as M } from './messages.js';

/** `/storage/...` from an attachment URL, full (`https://host/storage/...`) or site-relative. */
function storagePath(file: string): string {
  if (/^https?:\/\//i.test(file)) {
    try {
      return decodeURIComponent(new URL(file).pathname);
    } catch {
      return '';
    }
  }
  return file.startsWith('/') ? file : `/${file}`;
}

export async function resolveUploadedZip(storageDir: string, file: unknown): Promise<string> {
  if (typeof file !== 'string' || file.trim() === '') fail(MODULE_PACKAGE_MESSAGES.zipNotFound);
  const root = storageDir;
  const path = storagePath(file.trim());
  const candidate = path.toLowerCase().endsWith('.zip') ? fileOf(root, path) : null;
  if (!candidate) fail(M.zipOutsideStorage);
  const [real, realRoot] = await Promise.all([
    realpath(candidate).catch(() => null),
    realpath(root).catch(() => null),
  ]);
  if (!real || !realRoot) fail(MODULE_PACKAGE_MESSAGES.zipNotFound);
  if (!real.startsWith(realRoot + sep)) fail(M.zipOutsideStorage);
  if (!(await stat(real)).isFile()) fail(MODULE_PACKAGE_MESSAGES.zipNotFound);
  return real;
}

/**
 * How an attachment's URL (`/storage/default/20240310/logo.png`) maps to its file in the upload
 * storage folder (STORAGE_DIR): the rest of the URL, resolved under the folder, never outside it.
 * A leaf, because both the upload feature and the takeover's file copy (db/takeover/files.ts)
 * must find a row's file exactly the same way.
 */
import { resolve, sep } from 'node:path';

export const STORAGE_URL = '/storage/';

/** The file behind an attachment URL, or null when the URL would leave the storage folder. */
export function fileOf(root: string, url: string): string | null {
  if (!url.startsWith(STORAGE_URL)) return null;
  const file = resolve(root, url.slice(STORAGE_URL.length));
  return file.startsWith(root + sep) ? file : null;
}

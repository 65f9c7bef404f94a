/**
 * Removing the attachments that hold given contents, found by the SHA-1 their table keeps, so
 * copies uploaded on other days or by other uploaders go too. The store uses it once it keeps
 * a private copy of an uploaded package, which `/storage/` must then stop serving. Two steps:
 * the records go inside the caller's transaction, the files only once it has committed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { removeFile } from './storage.js';

/** Deletes the records holding these contents; answers the URLs whose files are to be removed. */
export async function forgetAttachmentsByContent(db: Kysely<Database>, sha1s: string[]): Promise<string[]> {
  if (sha1s.length === 0) return [];
  const rows = await db.selectFrom('attachment').select('url').where('sha1', 'in', sha1s).execute();
  await db.deleteFrom('attachment').where('sha1', 'in', sha1s).execute();
  return [...new Set(rows.map((row) => row.url))];
}

/** Removes files of the upload storage by their `/storage/...` URLs (missing ones are fine). */
export async function removeAttachmentFiles(storageDir: string, urls: string[]): Promise<void> {
  for (const url of urls) await removeFile(storageDir, url);
}

/**
 * A published package leaves the store only through the download route, which checks the
 * member's order. The zip an administrator uploaded to publish it is an attachment, which
 * `/storage/` serves to anyone: once the store holds its private copy, every attachment with
 * the same content goes, record and file. Attachments are found by the SHA-1 their table
 * keeps, so copies uploaded on other days or by other administrators go too.
 */
import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { fileOf } from '../upload/index.js';
import { fileDigest, packageFile } from './packages.js';
import { storeOf } from './repository.js';

/**
 * Deletes the attachment records holding these contents, inside the caller's transaction;
 * answers the public URLs whose files are to be removed once it is committed.
 */
export async function forgetPublicCopies(db: Kysely<Database>, sha1s: string[]): Promise<string[]> {
  if (sha1s.length === 0) return [];
  const rows = await db.selectFrom('attachment').select('url').where('sha1', 'in', sha1s).execute();
  await db.deleteFrom('attachment').where('sha1', 'in', sha1s).execute();
  return [...new Set(rows.map((row) => row.url))];
}

/** Removes files of the upload storage by their `/storage/...` URLs (missing ones are fine). */
export async function removePublicFiles(storageDir: string, urls: string[]): Promise<void> {
  for (const url of urls) {
    const file = fileOf(storageDir, url);
    if (file) await rm(file, { force: true });
  }
}

/**
 * Versions published before packages were taken out of `/storage` left their upload there:
 * run once, when the store area is updated, over every package the store keeps.
 */
export async function removeCopiesOfPublishedPackages(ctx: AppContext): Promise<void> {
  const { storageDir } = ctx.config;
  const versions = await storeOf(ctx).selectFrom('store_version').select('package').execute();
  const sha1s: string[] = [];
  for (const { package: name } of versions) {
    const file = packageFile(storageDir, name);
    const sha1 = file ? await fileDigest(file, 'sha1').catch(() => null) : null;
    if (sha1) sha1s.push(sha1);
  }
  const urls = await ctx.db.kysely
    .transaction()
    .execute((trx) => forgetPublicCopies(trx, [...new Set(sha1s)]));
  await removePublicFiles(storageDir, urls);
}

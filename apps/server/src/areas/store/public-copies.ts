/**
 * A published package leaves the store only through the download route, which checks the
 * member's order. The zip an administrator uploaded to publish it is an attachment, which
 * `/storage/` serves to anyone: once the store holds its private copy, every attachment with
 * the same content goes, record and file. Attachments are found by the SHA-1 their table
 * keeps, so copies uploaded on other days or by other administrators go too.
 */
import { type AppContext, forgetAttachmentsByContent, removeAttachmentFiles } from '@portico/server-sdk';
import { fileDigest, packageFile } from './packages.js';
import { storeOf } from './repository.js';

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
    .execute((trx) => forgetAttachmentsByContent(trx, [...new Set(sha1s)]));
  await removeAttachmentFiles(storageDir, urls);
}

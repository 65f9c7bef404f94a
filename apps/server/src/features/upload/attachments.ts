/**
 * Recording an upload as an attachment. Deduplication is per uploader: the same content,
 * topic and storage uploaded again by the same administrator or member reuses their row
 * (its reference count and last upload time go up); anyone else gets a row, id and file
 * name of their own. Rows may share one stored file (same content, same generated path);
 * a shared file is deleted only with the last row pointing at it (attachment.resource.ts).
 */
import { createHash } from 'node:crypto';
import type { UploadSettings } from '@portico/shared';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { insertId } from '../../db/insert-id.js';
import { cleanBaseName, fileExists, saveFile, savePath } from './storage.js';
import { checkUpload } from './upload-rules.js';

const STORAGE = 'local';
const IMAGE_MIME = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

export interface Uploader {
  admin_id: number;
  user_id: number;
}

export interface IncomingFile {
  name: string;
  mimetype: string;
  bytes: Buffer;
  topic: string;
}

export async function storeUpload(
  ctx: AppContext,
  file: IncomingFile,
  settings: UploadSettings,
  uploader: Uploader,
) {
  const { suffix, image } = checkUpload(file, settings);
  const sha1 = createHash('sha1').update(file.bytes).digest('hex');
  const root = ctx.config.storageDir;
  const { kysely } = ctx.db;
  const time = now();

  const existing = await kysely
    .selectFrom('attachment')
    .selectAll()
    .where('sha1', '=', sha1)
    .where('topic', '=', file.topic)
    .where('storage', '=', STORAGE)
    .where('admin_id', '=', uploader.admin_id)
    .where('user_id', '=', uploader.user_id)
    .executeTakeFirst();
  if (existing && (await fileExists(root, existing.url))) {
    await kysely
      .updateTable('attachment')
      .set({ quote: existing.quote + 1, last_upload_time: time })
      .where('id', '=', existing.id)
      .execute();
    return { ...existing, quote: existing.quote + 1, last_upload_time: time };
  }
  // A record whose file has gone is replaced by the new upload.
  if (existing) await kysely.deleteFrom('attachment').where('id', '=', existing.id).execute();

  const url = savePath(settings.saveName, {
    topic: file.topic,
    name: file.name,
    sha1,
    suffix,
    at: new Date(),
  });
  // Another uploader's row may already hold these bytes at this path: leave that file be.
  if (!(await sameContentStored(ctx, root, url, sha1))) await saveFile(root, url, file.bytes);
  const row = {
    topic: file.topic,
    ...uploader,
    url,
    width: image?.width ?? 0,
    height: image?.height ?? 0,
    name: `${cleanBaseName(file.name, 100)}.${suffix}`,
    size: file.bytes.length,
    mimetype: image ? IMAGE_MIME[image.type] : safeMime(file.mimetype),
    quote: 1,
    storage: STORAGE,
    sha1,
    create_time: time,
    last_upload_time: time,
  };
  const id = await insertId(ctx.db, kysely.insertInto('attachment').values(row));
  return { id, ...row };
}

async function sameContentStored(ctx: AppContext, root: string, url: string, sha1: string): Promise<boolean> {
  const holder = await ctx.db.kysely
    .selectFrom('attachment')
    .select('id')
    .where('url', '=', url)
    .where('sha1', '=', sha1)
    .executeTakeFirst();
  return holder !== undefined && (await fileExists(root, url));
}

function safeMime(mimetype: string): string {
  const clean = mimetype.trim().toLowerCase();
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(clean) ? clean.slice(0, 100) : 'application/octet-stream';
}

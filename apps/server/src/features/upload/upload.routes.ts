/**
 * `POST /admin/ajax/upload` and `POST /api/ajax/upload`: multipart `file` (and optional
 * `topic`), checked and stored as an attachment (attachments.ts). Stored files are served
 * from `/storage/` as downloads unless they are raster images, never as pages.
 */
import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { AdminController } from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { adminController, apiRoute, defineAction } from '../../http/routes.js';
import { receiveFile } from '../../http/uploaded-file.js';
import { uploadSettings } from '../config/index.js';
import { ATTACHMENT_FIELDS, SHOWN_FILE_FIELDS, shownFile } from './attachment-fields.js';
import { storeUpload, type Uploader } from './attachments.js';
import { STORAGE_URL } from './storage.js';

const TOPIC = /^[A-Za-z0-9_-]{1,20}$/;
const MIB = 1024 * 1024;
const RASTER = /\.(png|jpe?g|gif|webp|bmp|ico)$/i;

/** The multipart stream is read by the handler (no body schema): `file`, and `topic` before it. */
const uploadSchema = {
  summary: 'Upload a file (multipart `file`, optional `topic`) and record it as an attachment',
  data: z.object({
    file: z.looseObject({
      ...ATTACHMENT_FIELDS,
      ...SHOWN_FILE_FIELDS,
    }),
  }),
};

export async function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024 } });
  const root = ctx.config.storageDir;
  mkdirSync(root, { recursive: true, mode: 0o755 });
  await app.register(fastifyStatic, {
    root,
    prefix: STORAGE_URL,
    decorateReply: false,
    index: false,
    // Never a dot-segment: the module store keeps its private packages in .store-packages.
    dotfiles: 'deny',
    setHeaders: (res, path) => {
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      if (!RASTER.test(path)) res.header('content-disposition', 'attachment');
      // A public picture may be shown by other sites (a module store's logos and demo QR codes
      // in their markets); anything else stays for this site's pages (helmet's same-origin).
      else res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const upload = (uploader: (request: FastifyRequest) => Uploader) => async (request: FastifyRequest) => {
    const settings = await uploadSettings(ctx.settings);
    const tooLarge = () =>
      new ApiError('The uploaded file is too large (%sMiB), Maximum file size:%sMiB', [
        `>${(settings.maxSize / MIB).toFixed(2)}`,
        (settings.maxSize / MIB).toFixed(2),
      ]);
    const part = await receiveFile(request, { maxBytes: settings.maxSize, tooLarge });
    const topic = part.fields.topic ?? 'default';
    if (!TOPIC.test(topic)) throw new ApiError('Topic format error');
    const row = await storeUpload(
      ctx,
      { name: part.filename, mimetype: part.mimetype, bytes: part.bytes, topic },
      settings,
      uploader(request),
    );
    const { create_time: _c, quote: _q, ...file } = row;
    return ok({ file: { ...file, ...shownFile(row) } }, 'File uploaded successfully');
  };

  adminController(app, ctx, AdminController.ajax, [
    defineAction({
      action: 'upload',
      method: 'POST',
      access: 'login',
      schema: uploadSchema,
      handler: upload((request) => ({ admin_id: request.admin?.id ?? 0, user_id: 0 })),
    }),
  ]);
  apiRoute(app, ctx, {
    path: 'ajax/upload',
    action: 'upload',
    method: 'POST',
    access: 'login',
    memberCenter: true,
    schema: uploadSchema,
    handler: upload((request) => ({ admin_id: 0, user_id: request.user?.id ?? 0 })),
  });
}

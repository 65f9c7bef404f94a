/**
 * content.Content — the articles and pages shown at /article/{id} and /page/{id}, and their
 * public reading route. Bodies are sanitized when saved and again when served, so a row
 * written straight into the database cannot carry a script to visitors either.
 */

import {
  ApiError,
  type AppContext,
  apiRoute,
  deleteRowsById,
  input,
  insertId,
  now,
  ok,
  publicHomeUrl,
  registerResource,
  sanitizeBody,
  updateFoundRow,
} from '@portico/server-sdk';
import { AdminController, CONTENT_KINDS, type ContentRow } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** Bodies are long HTML, but a single row should not grow without bound. */
const MAX_BODY = 200_000;

const contentBody = z.object({
  kind: z.enum(CONTENT_KINDS, 'Parameter %s has an unsupported value'),
  title: z.string().trim().min(1).max(100),
  body: z.string().max(MAX_BODY).default(''),
  status: z.enum(['0', '1']).default('1'),
  weigh: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
});
/** A row as listed; the edit form's row adds its body. */
const contentRow = z.looseObject({
  id: z.number(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  body: z.string().nullable().optional(),
  status: z.enum(['0', '1']),
  weigh: z.number(),
  create_time: z.number().nullable(),
  update_time: z.number().nullable(),
}) satisfies z.ZodType<ContentRow>;
const publicQuery = z.object({
  kind: z.enum(CONTENT_KINDS, 'Parameter %s has an unsupported value'),
  id: input.id(),
});

export function registerContentResource(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;
  registerResource(app, ctx, {
    controller: AdminController.content,
    table: 'content',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'content.id', type: 'number' },
        kind: { column: 'content.kind', type: 'string' },
        title: { column: 'content.title', type: 'string' },
        status: { column: 'content.status', type: 'string' },
        weigh: { column: 'content.weigh', type: 'number' },
        create_time: { column: 'content.create_time', type: 'time' },
        update_time: { column: 'content.update_time', type: 'time' },
      },
      quickSearch: ['title'],
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    // The list leaves bodies out: they can be large, and the form loads its own row.
    listQuery: (db) =>
      db
        .selectFrom('content')
        .select(['id', 'kind', 'title', 'status', 'weigh', 'create_time', 'update_time']),
    row: contentRow,
    switchFields: ['status'],
    loadRow: (id) => kysely.selectFrom('content').selectAll().where('id', '=', id).executeTakeFirst(),
    addBody: contentBody,
    importable: true,
    add: async (data, w) => {
      const time = now();
      await insertId(
        ctx.db,
        w.trx
          .insertInto('content')
          .values({ ...data, body: await sanitizeBody(data.body), create_time: time, update_time: time }),
      );
    },
    editBody: contentBody,
    edit: async (id, data, w) => {
      await updateFoundRow(
        w.trx
          .updateTable('content')
          .set({ ...data, body: await sanitizeBody(data.body), update_time: now() })
          .where('id', '=', id),
      );
    },
    del: deleteRowsById('content'),
  });

  apiRoute(app, ctx, {
    path: 'content/index',
    action: 'index',
    method: 'GET',
    schema: {
      summary: 'Read a published article or page',
      query: publicQuery,
      data: z.object({
        content: contentRow.pick({
          id: true,
          kind: true,
          title: true,
          body: true,
          create_time: true,
          update_time: true,
        }),
        siteName: z.string(),
        homeUrl: z.string().describe("Where the page's brand link leads: the site's public home."),
        timeZone: z.string().describe('The `time_zone` setting, for the publication date.'),
      }),
    },
    handler: async (request) => {
      const { kind, id } = request.query;
      const row = await kysely
        .selectFrom('content')
        .select(['id', 'kind', 'title', 'body', 'create_time', 'update_time'])
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where('status', '=', '1')
        .executeTakeFirst();
      if (!row) throw new ApiError('Record not found');
      // The page names the site in its title without a second request.
      const siteName = await ctx.settings.get('site_name');
      return ok({
        content: { ...row, body: await sanitizeBody(row.body ?? '') },
        siteName,
        homeUrl: await publicHomeUrl(ctx.db, ctx.settings),
        timeZone: (await ctx.settings.get('time_zone')) || 'UTC',
      });
    },
  });
}

/** auth.AdminLog — the audit trail, read-only. Non-super administrators see only their own entries. */
import { AdminController, type AdminLogRow } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { ListSpec } from '../../crud/list-params.js';
import { registerResource } from '../../crud/resource.js';
import { localiseLogTitles } from '../../i18n/log-titles.js';

/** The list's columns, also what tests of its query paths list with. */
export const ADMIN_LOG_LIST: ListSpec = {
  pk: 'id',
  fields: {
    id: { column: 'admin_log.id', type: 'number' },
    admin_id: { column: 'admin_log.admin_id', type: 'number' },
    username: { column: 'admin_log.username', type: 'string' },
    title: { column: 'admin_log.title', type: 'string' },
    url: { column: 'admin_log.url', type: 'string' },
    ip: { column: 'admin_log.ip', type: 'string' },
    create_time: { column: 'admin_log.create_time', type: 'time' },
  },
  quickSearch: ['title'],
  quickSearchIndex: 'admin_log_search',
  defaultOrder: { field: 'id', direction: 'desc' },
};

/** An entry as listed. */
const adminLogRow = z.looseObject({
  id: z.number(),
  admin_id: z.number().describe('The administrator who acted (0: a refused sign-in under an unknown name).'),
  username: z.string(),
  url: z.string(),
  title: z.string(),
  data: z.string().nullable().describe('The request data as JSON, secrets masked.'),
  ip: z.string(),
  useragent: z.string(),
  create_time: z.number().nullable(),
}) satisfies z.ZodType<AdminLogRow>;

export function registerAdminLogResource(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: AdminController.adminLog,
    table: 'admin_log',
    list: ADMIN_LOG_LIST,
    row: adminLogRow,
    listQuery: (db, request) => {
      const query = db.selectFrom('admin_log').selectAll();
      const admin = request.admin;
      return admin && !admin.super ? query.where('admin_log.admin_id', '=', admin.id) : query;
    },
    localise: localiseLogTitles,
  });
}

/**
 * `GET /admin/<controller>/export`: the whole list the administrator is looking at (its
 * filters, quick search and order; not only the page) as CSV or Excel, streamed. Its own
 * permission (`…/export`), and an entry in the admin log: exporting is reading personal data in
 * bulk, which an audit wants to see.
 */
import { EXPORT_FORMATS, EXPORT_ROWS_HEADER, type ExportFormat } from '@portico/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type ActionSpec, defineAction } from '../../http/routes.js';
import { parseListParams } from '../list-query.js';
import { filteredList, presenter } from '../list-rows.js';
import { listQuerySchema } from '../list-schemas.js';
import type { ListReader } from '../resource-services.js';
import type { ResourceSpec } from '../resource-spec.js';
import { csvStream } from './csv.js';
import { type Cell, cellWriter, parseColumns } from './export-columns.js';
import { countRows, rowBatches } from './export-rows.js';
import { xlsxStream } from './xlsx.js';

const exportQuery = listQuerySchema.extend({
  format: z.enum(EXPORT_FORMATS).describe('csv or xlsx.'),
  columns: z
    .string()
    .describe('JSON: the visible columns, [{prop, title, render?, values?}] (see ExportColumn).'),
});

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function exportAction(ctx: ListReader, spec: ResourceSpec): ActionSpec {
  return defineAction({
    action: 'export',
    method: 'GET',
    schema: {
      summary: 'Export every row the list’s filters select, in its order, as CSV or Excel (streamed)',
      query: exportQuery,
      data: z.null(),
      produces: `${CONTENT_TYPES.csv}, ${CONTENT_TYPES.xlsx}`,
    },
    handler: async (request, reply) => {
      request.adminLog.record = true;
      const { format, columns: columnsParam, ...listParams } = request.query;
      const columns = parseColumns(columnsParam, spec.row);
      const params = parseListParams(listParams, spec.list, spec.table);
      const unfiltered = await spec.listQuery(ctx.db.kysely, request);
      const { base } = await filteredList(ctx, spec, request, params, unfiltered, { whole: true });
      const rows = await countRows(base);
      const present = presenter(spec, request);
      const cells = cellWriter(columns, await ctx.settings.get('time_zone'));
      async function* batches(): AsyncGenerator<Cell[][]> {
        for await (const batch of rowBatches(base, spec.list, params, ctx.dialect)) {
          yield (await present(batch)).map(cells);
        }
      }
      const titles = columns.map((column) => column.title);
      const name = spec.controller.replaceAll('.', '-').toLowerCase();
      const stream = format === 'csv' ? csvStream(titles, batches()) : xlsxStream(titles, batches(), name);
      return sendFile(reply, stream, `${name}-${stamp()}.${format}`, CONTENT_TYPES[format], rows);
    },
  });
}

function sendFile(
  reply: FastifyReply,
  stream: NodeJS.ReadableStream,
  filename: string,
  type: string,
  rows: number,
): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header(EXPORT_ROWS_HEADER, String(rows))
    .header('cache-control', 'no-store')
    .send(stream);
}

/** `20261124-153000`: when the file was made, in UTC, for its name. */
function stamp(): string {
  return new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/**
 * `GET /admin/ajax/getTableList`, `getTablePk` and `getTableFieldList`: what the data-security
 * rule forms offer. Only the application's own tables are listed (never search-index shadow
 * tables or migration bookkeeping), and the same answer comes from SQLite, MariaDB and
 * PostgreSQL. Portico has one database connection, so `connection` is accepted and ignored.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { appTables, requireTable } from '../../crud/table-info.js';
import { ok } from '../../http/envelope.js';
import { adminController } from '../../http/routes.js';
import { input, parseInput } from '../../http/validate.js';

const tableQuery = z.object({ table: input.required(64) });
const listQuery = z.object({
  quickSearch: input.text(64).default(''),
  excludeTable: z.union([input.text(64), z.array(input.text(64)).max(50)]).default([]),
});
const fieldQuery = tableQuery.extend({ clean: z.enum(['0', '1', 'true', 'false']).default('1') });

export function registerTableInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminController(app, ctx, 'ajax', [
    {
      action: 'getTableList',
      method: 'GET',
      access: 'login',
      handler: async (request) => {
        const { quickSearch, excludeTable } = parseInput(listQuery, request.query);
        const excluded = new Set([excludeTable].flat());
        const needle = quickSearch.toLowerCase();
        const list = [...(await appTables(ctx.db)).values()]
          .filter((table) => !excluded.has(table.name) && table.name.includes(needle))
          .map((table) => ({ table: table.name, comment: ctx.db.prefix + table.name, connection: '' }))
          .sort((a, b) => a.table.localeCompare(b.table));
        return ok({ list, total: list.length });
      },
    },
    {
      action: 'getTablePk',
      method: 'GET',
      access: 'login',
      handler: async (request) => {
        const { table } = parseInput(tableQuery, request.query);
        return ok({ pk: (await requireTable(ctx.db, table)).primaryKey });
      },
    },
    {
      action: 'getTableFieldList',
      method: 'GET',
      access: 'login',
      handler: async (request) => {
        const { table, clean } = parseInput(fieldQuery, request.query);
        const info = await requireTable(ctx.db, table);
        // The schema carries no column comments, so a clean list labels each field with its name.
        const fieldList = Object.fromEntries(
          info.columns.map((column) =>
            clean === '1' || clean === 'true'
              ? [column.name, column.name]
              : [column.name, { ...column, primaryKey: column.name === info.primaryKey }],
          ),
        );
        return ok({ pk: info.primaryKey, fieldList });
      },
    },
  ]);
}

/**
 * `GET /admin/ajax/getTableList`, `getTablePk` and `getTableFieldList`: what the data-security
 * rule forms offer. Only the application's own tables are listed (never search-index shadow
 * tables or migration bookkeeping), and the same answer comes from SQLite, MariaDB and
 * PostgreSQL. Portico has one database connection, so `connection` is accepted and ignored,
 * and `getDatabaseConnectionList` lists that one.
 */
import { basename } from 'node:path';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { appTables, requireTable } from '../../crud/table-info.js';
import { ok } from '../../http/envelope.js';
import { adminController, defineAction } from '../../http/routes.js';
import { input } from '../../http/validate.js';

const connection = z
  .unknown()
  .optional()
  .describe('Accepted and ignored: Portico has one database connection.');
const tableQuery = z.object({
  table: input.required(64).describe('The table, without the table prefix.'),
  connection,
});
const listQuery = z.object({
  quickSearch: input.text(64).default('').describe('Lists only the tables whose name contains this.'),
  excludeTable: z
    .union([input.text(64), z.array(input.text(64)).max(50)])
    .default([])
    .describe('Tables left out of the list (one name or several).'),
  connection,
});
const fieldQuery = tableQuery.extend({
  clean: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .describe('1 or true (default): each field labelled with its name; 0 or false: each field described.'),
});
const column = z.object({
  name: z.string(),
  dataType: z.string().describe("The database's own type name."),
  isNullable: z.boolean(),
  hasDefaultValue: z.boolean(),
  primaryKey: z.boolean(),
});

/** The connection's type as the original names it (ThinkPHP's driver names). */
const CONNECTION_TYPES = { mysql: 'mysql', postgres: 'pgsql', sqlite: 'sqlite' } as const;

/** The database's name: a server's from the URL's path, SQLite's the file's name (never its folder). */
function databaseName(url: string): string {
  if (url.startsWith('sqlite:')) return basename(url.slice('sqlite:'.length).split('?')[0] ?? '');
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1));
  } catch {
    return '';
  }
}

/** As the original shows it: the 2nd and 3rd characters (only the 2nd of a short name) as ****. */
export function maskDatabaseName(name: string): string {
  return `${name.slice(0, 1)}****${name.slice(name.length > 4 ? 3 : 2)}`;
}

export function registerTableInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminController(app, ctx, AdminController.ajax, [
    defineAction({
      action: 'getDatabaseConnectionList',
      method: 'GET',
      access: 'login',
      schema: {
        summary: 'The database connections a data-security rule may name (Portico has one)',
        query: z.object({
          quickSearch: input
            .text(64)
            .default('')
            .describe('Lists only the connections whose key contains this.'),
        }),
        data: z.object({
          list: z.array(
            z.object({
              type: z.enum(['mysql', 'pgsql', 'sqlite']),
              database: z.string().describe("The database's name, its 2nd–3rd characters masked."),
              key: z.string().describe('The connection (its type: one database connection).'),
            }),
          ),
        }),
      },
      handler: async (request) => {
        const type = CONNECTION_TYPES[ctx.db.dialect];
        const connection = {
          type,
          database: maskDatabaseName(databaseName(ctx.config.databaseUrl)),
          key: type,
        };
        const needle = request.query.quickSearch.toLowerCase();
        return ok({ list: connection.key.includes(needle) ? [connection] : [] });
      },
    }),
    defineAction({
      action: 'getTableList',
      method: 'GET',
      access: 'login',
      schema: {
        summary: "The application's tables, for the data-security rule forms",
        query: listQuery,
        data: z.object({
          list: z.array(
            z.object({
              table: z.string().describe('The table without the prefix.'),
              comment: z.string().describe('The table with the prefix (the schema carries no comments).'),
              connection: z.literal('').describe('Always blank: one database connection.'),
            }),
          ),
          total: z.number(),
        }),
      },
      handler: async (request) => {
        const { quickSearch, excludeTable } = request.query;
        const excluded = new Set([excludeTable].flat());
        const needle = quickSearch.toLowerCase();
        const list = [...(await appTables(ctx.db)).values()]
          .filter((table) => !excluded.has(table.name) && table.name.includes(needle))
          .map((table) => ({ table: table.name, comment: ctx.db.prefix + table.name, connection: '' }))
          .sort((a, b) => a.table.localeCompare(b.table));
        return ok({ list, total: list.length });
      },
    }),
    defineAction({
      action: 'getTablePk',
      method: 'GET',
      access: 'login',
      schema: {
        summary: "A table's primary key",
        query: tableQuery,
        data: z.object({ pk: z.string() }),
      },
      handler: async (request) => {
        const { table } = request.query;
        return ok({ pk: (await requireTable(ctx.db, table)).primaryKey });
      },
    }),
    defineAction({
      action: 'getTableFieldList',
      method: 'GET',
      access: 'login',
      schema: {
        summary: "A table's primary key and fields",
        query: fieldQuery,
        data: z.object({
          pk: z.string(),
          fieldList: z
            .record(z.string(), z.union([z.string(), column]))
            .describe('Field name → its name (clean=1) or its description (clean=0).'),
        }),
      },
      handler: async (request) => {
        const { table, clean } = request.query;
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
    }),
  ]);
}

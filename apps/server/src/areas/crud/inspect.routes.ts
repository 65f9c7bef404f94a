/**
 * crud.Crud's reading actions: what the designer asks before it generates. The original lets
 * any signed-in administrator call logStart, getFileData, parseFieldData and generateCheck
 * (noNeedPermission); here they need the generator's own `crud/crud/index`, since they read
 * table structures and the design history, which an administrator without the generator's
 * screen has no use for.
 */
import { ApiError, type AppContext, defineAction, input, ok, translate } from '@portico/server-sdk';
import type { CrudField } from '@portico/shared/crud-design';
import { z } from 'zod';
import { connectionKey, lastSuccessId, requireLog } from './crud-log.js';
import { fieldOfColumn } from './design-guess.js';
import { assertGeneratedOrFree } from './generated-module.js';
import { LOG_TITLES, MESSAGES } from './lang.js';
import { CRUD_RULES } from './rules.js';
import { crudFieldShape, crudTableShape } from './schemas.js';
import {
  assertDesignable,
  checkedTableName,
  moduleFolderExists,
  offeredTables,
  physicalName,
  refusalOf,
  tableExists,
  tableIsEmpty,
} from './table-access.js';
import { readTable } from './table-columns.js';

const connection = z
  .unknown()
  .optional()
  .describe('Accepted and ignored: Portico has one database connection.');
const tableField = z.unknown().describe('The table, without the table prefix.');

/** Where the generated module of a table lives, inside the project. */
export function moduleFolder(table: string): string {
  return `modules/${table}`;
}

export function inspectActions(ctx: AppContext) {
  return [
    defineAction({
      action: 'tableList',
      method: 'GET',
      permission: CRUD_RULES.index,
      schema: {
        summary: 'The tables of the database a design may start from, each refused table with the reason',
        query: z.object({
          quickSearch: input.text(64).default('').describe('Lists only the tables whose name contains this.'),
          connection,
        }),
        data: z.object({
          list: z.array(
            z.object({
              table: z.string().describe('The table without the prefix.'),
              comment: z.string().describe('The table with the prefix.'),
              connection: z.string(),
              refused: z.string().describe("Why it cannot be designed here; '' when it can."),
            }),
          ),
          total: z.number(),
        }),
      },
      handler: async (request) => {
        const needle = request.query.quickSearch.toLowerCase();
        const tables = (await offeredTables(ctx)).filter((table) => table.includes(needle));
        const list = await Promise.all(
          tables.map(async (table) => {
            const refusal = await refusalOf(ctx, table);
            return {
              table,
              comment: physicalName(ctx, table),
              connection: connectionKey(ctx.db),
              refused: refusal ? translate(refusal.message, request.lang, refusal.params) : '',
            };
          }),
        );
        return ok({ list, total: list.length });
      },
    }),
    defineAction({
      action: 'generateCheck',
      method: 'POST',
      permission: CRUD_RULES.index,
      schema: {
        summary:
          "Before generating: code -1 with {table, controller} when the table or the generator's module already exists; a module of someone else's is refused",
        body: z.object({
          table: tableField,
          connection,
          controllerFile: z.unknown().optional().describe("The original's controller file; ignored."),
        }),
        data: z.null(),
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.generateCheck;
        const table = checkedTableName(request.body.table);
        await assertDesignable(ctx, table);
        // A module of someone else's by that name is refused with the reason, never overwritten.
        await assertGeneratedOrFree(ctx, table);
        const conflicts = {
          table: await tableExists(ctx, table),
          controller: await moduleFolderExists(ctx, table),
        };
        if (conflicts.table || conflicts.controller)
          // The original's -1 (outside the envelope's ordinary codes), its message empty.
          throw new ApiError('', [], -1 as never, conflicts);
        return ok(null);
      },
    }),
    defineAction({
      action: 'checkCrudLog',
      method: 'GET',
      permission: CRUD_RULES.index,
      schema: {
        summary: "The table's last record when it is a success (start with the historical record), else 0",
        query: z.object({ table: input.text(64).default(''), connection }),
        data: z.object({ id: z.number() }),
      },
      handler: async (request) => ok({ id: await lastSuccessId(ctx, request.query.table) }),
    }),
    defineAction({
      action: 'logStart',
      method: 'POST',
      permission: CRUD_RULES.index,
      schema: {
        summary: "A record's design, to start from it; table.empty says whether its table has no rows",
        body: z.object({ id: input.id() }),
        data: z.object({
          table: crudTableShape.and(z.object({ empty: z.boolean() })),
          fields: z.array(crudFieldShape),
        }),
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.logStart;
        const log = await requireLog(ctx, request.body.id);
        const name = typeof log.table.name === 'string' ? log.table.name : log.table_name;
        const empty = checkedOrNull(name) ? await tableIsEmpty(ctx, name) : true;
        return ok({ table: { ...log.table, empty }, fields: log.fields });
      },
    }),
    defineAction({
      action: 'parseFieldData',
      method: 'POST',
      permission: CRUD_RULES.index,
      schema: {
        summary:
          "An existing table's columns as designed fields (by name), its comment and whether it has no rows",
        body: z.object({
          type: z.literal('db').default('db').describe('Where the design starts: db (an existing table).'),
          table: tableField,
          connection,
        }),
        data: z.object({
          columns: z.record(z.string(), crudFieldShape),
          comment: z.string(),
          empty: z.boolean(),
        }),
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.parseFieldData;
        const table = checkedTableName(request.body.table);
        await assertDesignable(ctx, table);
        if (!(await tableExists(ctx, table))) throw new ApiError(MESSAGES.tableNotFound, [table]);
        const described = await readTable(ctx.db, physicalName(ctx, table));
        const columns: Record<string, CrudField> = {};
        for (const column of described.columns) columns[column.name] = fieldOfColumn(column);
        return ok({ columns, comment: described.comment, empty: await tableIsEmpty(ctx, table) });
      },
    }),
    defineAction({
      action: 'getFileData',
      method: 'GET',
      permission: CRUD_RULES.index,
      schema: {
        summary:
          "Where a table's generated module goes: its package folder and the files the original's keys name",
        query: z.object({
          table: tableField,
          commonModel: z.unknown().optional().describe("The original's common-model switch; ignored."),
        }),
        data: z.object({
          moduleDir: z.string().describe('The package folder, inside the project.'),
          exists: z
            .boolean()
            .describe('That folder exists (a generation replaces it only if the generator made it).'),
          controllerFile: z.string().describe("The server resource's file, inside the package."),
          modelFile: z.string().describe('The table types and migrations file, inside the package.'),
          validateFile: z.string().describe("The server resource's file (Portico validates there too)."),
          webViewsDir: z.string().describe("The web side's folder, inside the package."),
          controllerFileList: z
            .record(z.string(), z.string())
            .describe('Always empty: Portico has no controller files to pick.'),
          modelFileList: z
            .record(z.string(), z.string())
            .describe('Always empty: Portico has no model files to pick.'),
        }),
      },
      handler: async (request) => {
        const table = checkedTableName(request.query.table);
        const folder = moduleFolder(table);
        const server = `${folder}/apps/server/src/modules/${table}`;
        return ok({
          moduleDir: folder,
          exists: await moduleFolderExists(ctx, table),
          controllerFile: `${server}/index.ts`,
          modelFile: `${server}/tables.ts`,
          validateFile: `${server}/index.ts`,
          webViewsDir: `${folder}/apps/web/src/modules/${table}`,
          controllerFileList: {},
          modelFileList: {},
        });
      },
    }),
  ];
}

/** The name when it matches the pattern (a record may hold anything), else null. */
function checkedOrNull(name: unknown): name is string {
  try {
    checkedTableName(name);
    return true;
  } catch {
    return false;
  }
}

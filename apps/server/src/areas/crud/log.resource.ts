/**
 * crud.Log — the generator's record: listed with the design decoded (`table`, `fields`) and
 * whether the row has a package to download or publish (`package`), quick searched by table
 * name, deleted row by row. As in the original, its permission is the
 * generator's own: listing needs `crud/crud/index`; deleting a record (the code stays) needs
 * `crud/crud/delete`, the rule of the generator's delete.
 */
import { type AppContext, deleteRowsById, type Row, registerResource } from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { decodeLog } from './crud-log.js';
import { recordsWithPackage } from './module-package.js';
import { CRUD_RULES } from './rules.js';
import { crudLogRow } from './schemas.js';
import type { CrudLogRecord } from './tables.js';

export function registerCrudLogResource(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: AdminController.crudLog,
    permissions: { index: CRUD_RULES.index, del: CRUD_RULES.delete },
    table: 'crud_log',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'crud_log.id', type: 'number' },
        table_name: { column: 'crud_log.table_name', type: 'string' },
        status: { column: 'crud_log.status', type: 'string' },
        connection: { column: 'crud_log.connection', type: 'string' },
        create_time: { column: 'crud_log.create_time', type: 'time' },
      },
      quickSearch: ['table_name'],
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    listQuery: (db) => db.selectFrom('crud_log').selectAll(),
    present: async (rows: Row[]) => {
      const logs = rows.map((row) => decodeLog(row as CrudLogRecord));
      const packaged = await recordsWithPackage(ctx, logs);
      return logs.map((log) => ({ ...log, package: packaged.has(log.id) }));
    },
    row: crudLogRow,
    del: deleteRowsById('crud_log'),
  });
}

/** store.Category — the market's tabs. */

import { type AppContext, input, insertId, now, registerResource, updateFoundRow } from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storeDb } from './repository.js';
import { categoryRow } from './schemas.js';

const categoryBody = z.object({
  name: input.required(50),
  weigh: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
  status: z.enum(['0', '1']).default('1'),
});

export function registerCategoryResource(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: AdminController.storeCategory,
    table: 'store_category',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'store_category.id', type: 'number' },
        name: { column: 'store_category.name', type: 'string' },
        weigh: { column: 'store_category.weigh', type: 'number' },
        status: { column: 'store_category.status', type: 'string' },
        create_time: { column: 'store_category.create_time', type: 'time' },
      },
      quickSearch: ['name'],
      defaultOrder: { field: 'weigh', direction: 'desc' },
    },
    listQuery: (db) => storeDb(db).selectFrom('store_category').selectAll(),
    row: categoryRow,
    sortable: true,
    switchFields: ['status'],
    addBody: categoryBody,
    add: async (data, w) => {
      const time = now();
      await insertId(
        ctx.db,
        storeDb(w.trx)
          .insertInto('store_category')
          .values({ ...data, create_time: time, update_time: time }),
      );
    },
    editBody: categoryBody,
    edit: async (id, data, w) => {
      await updateFoundRow(
        storeDb(w.trx)
          .updateTable('store_category')
          .set({ ...data, update_time: now() })
          .where('id', '=', id),
      );
    },
    del: async (ids, w) => {
      const db = storeDb(w.trx);
      // Its modules stay in the store, under no category.
      await db.updateTable('store_module').set({ category_id: 0 }).where('category_id', 'in', ids).execute();
      const result = await db.deleteFrom('store_category').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  });
}

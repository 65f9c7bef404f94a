/** store.Order — every member's orders, read-only for the back-office. */

import { type AppContext, type Row, registerResource } from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { showPrice } from './present.js';
import { storeDb } from './repository.js';
import { orderRow } from './schemas.js';

export function registerOrderResource(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: AdminController.storeOrder,
    table: 'store_order',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'store_order.id', type: 'number' },
        order_no: { column: 'store_order.order_no', type: 'string' },
        user_id: { column: 'store_order.user_id', type: 'number' },
        module_id: { column: 'store_order.module_id', type: 'number' },
        price_type: { column: 'store_order.price_type', type: 'string' },
        status: { column: 'store_order.status', type: 'string' },
        pay_time: { column: 'store_order.pay_time', type: 'time' },
        expire_time: { column: 'store_order.expire_time', type: 'time' },
        create_time: { column: 'store_order.create_time', type: 'time' },
        'module.uid': { column: 'store_module.uid', type: 'string' },
        'module.title': { column: 'store_module.title', type: 'string' },
        'user.username': { column: 'user.username', type: 'string' },
      },
      quickSearch: ['order_no', 'module.uid', 'module.title', 'user.username'],
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    // The member's name is shown beside the order (read only, as the balance logs show it).
    listQuery: (db) =>
      storeDb(db)
        .selectFrom('store_order')
        .leftJoin('store_module', 'store_module.id', 'store_order.module_id')
        .leftJoin('user', 'user.id', 'store_order.user_id')
        .selectAll('store_order')
        .select([
          'store_module.uid as module_uid',
          'store_module.title as module_title',
          'user.username as username',
          'user.nickname as nickname',
        ]),
    row: orderRow,
    present: async (rows: Row[]) =>
      rows.map((row) => ({ ...row, amount: showPrice(String(row.price_type), Number(row.amount)) })),
  });
}

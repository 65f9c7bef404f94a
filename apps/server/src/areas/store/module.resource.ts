/**
 * store.Module — the modules this instance publishes: what the market shows of them (logo,
 * images, tags, markdown description, developer), their price (free, points or balance, one
 * type per module) and status. The download count is only ever raised by downloads.
 */

import {
  ApiError,
  type AppContext,
  fail,
  input,
  insertId,
  now,
  type Row,
  registerResource,
} from '@portico/server-sdk';
import {
  AdminController,
  INTEGER_COLUMN,
  inIntegerRange,
  MODULE_MESSAGES,
  MODULE_UID_PATTERN,
  STORE_PRICE_TYPES,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkedLink, parseDemos, readDemos, storedDemos } from './demos.js';
import { STORE_MESSAGES as M } from './messages.js';
import { removePackage } from './packages.js';
import { type ListedModule, parsePrice, showPrice } from './present.js';
import { listedModules, type StoreDb, storeDb } from './repository.js';
import { moduleRow } from './schemas.js';
import { showSeeded } from './seeded-texts.js';

/** Several values as the upload and tag inputs send them: an array or a comma string. */
const commaList = (max: number) =>
  z
    .union([z.array(z.string()), z.string(), z.null()])
    .default('')
    .transform((value) =>
      (Array.isArray(value) ? value : (value ?? '').split(','))
        .map((part) => part.trim())
        .filter(Boolean)
        .join(','),
    )
    .pipe(z.string().max(max));
const amount = z
  .union([z.string(), z.number(), z.null()])
  .default('')
  .transform((v) => String(v ?? ''));

const moduleBody = z.object({
  uid: z.string().trim().regex(MODULE_UID_PATTERN, MODULE_MESSAGES.uid),
  category_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  title: input.required(100),
  logo: input.optionalText(255),
  images: commaList(10_000),
  tags: commaList(255),
  description: input.optionalText(100_000),
  developer: input.optionalText(100),
  developer_url: input.optionalText(255),
  developer_contact: input.optionalText(255),
  /** Checked by parseDemos, which says which entry is wrong. */
  demos: z.unknown().optional(),
  price_type: z.enum(STORE_PRICE_TYPES, 'Parameter %s has an unsupported value').default('free'),
  price: amount,
  original_price: amount,
  status: z.enum(['0', '1']).default('1'),
  weigh: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
});

/** The form as stored: prices in units, a free module without prices. */
async function moduleValues(db: StoreDb, data: z.output<typeof moduleBody>) {
  const price = parsePrice(data.price_type, data.price);
  const original = parsePrice(data.price_type, data.original_price);
  if (price === null) fail(M.priceInvalid, data.price);
  if (original === null) fail(M.priceInvalid, data.original_price);
  // Prices are stored in integer columns (cents for money), which PostgreSQL and MariaDB
  // refuse past 32 bits: said here, rather than as the database's error.
  for (const units of [price, original]) {
    if (!inIntegerRange(units)) fail(M.priceTooHigh, showPrice(data.price_type, INTEGER_COLUMN.max));
  }
  if (data.price_type !== 'free' && price <= 0) fail(M.priceRequired);
  if (data.category_id > 0) {
    const category = await db
      .selectFrom('store_category')
      .select('id')
      .where('id', '=', data.category_id)
      .executeTakeFirst();
    if (!category) fail(M.categoryNotFound);
  }
  const free = data.price_type === 'free';
  return {
    ...data,
    developer_url: checkedLink(data.developer_url, 'homepage'),
    developer_contact: checkedLink(data.developer_contact, 'contact'),
    demos: storedDemos(parseDemos(data.demos)),
    price: free ? 0 : price,
    original_price: free ? 0 : original,
  };
}

async function assertUidFree(db: StoreDb, uid: string, exceptId = 0): Promise<void> {
  const taken = await db
    .selectFrom('store_module')
    .select('id')
    .where('uid', '=', uid)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (taken) fail(M.uidTaken, uid);
}

/** Prices back in the form's unit and the demos as a list, so a loaded row saves unchanged. */
const presentRows = (rows: Row[]) =>
  Promise.resolve(
    rows.map((row) => ({
      ...row,
      price: showPrice(String(row.price_type), Number(row.price)),
      original_price: showPrice(String(row.price_type), Number(row.original_price)),
      demos: readDemos(typeof row.demos === 'string' ? row.demos : null),
    })),
  );

export function registerModuleResource(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: AdminController.storeModule,
    table: 'store_module',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'store_module.id', type: 'number' },
        uid: { column: 'store_module.uid', type: 'string' },
        title: { column: 'store_module.title', type: 'string' },
        category_id: { column: 'store_module.category_id', type: 'number' },
        developer: { column: 'store_module.developer', type: 'string' },
        price_type: { column: 'store_module.price_type', type: 'string' },
        status: { column: 'store_module.status', type: 'string' },
        downloads: { column: 'store_module.downloads', type: 'number' },
        weigh: { column: 'store_module.weigh', type: 'number' },
        create_time: { column: 'store_module.create_time', type: 'time' },
        update_time: { column: 'store_module.update_time', type: 'time' },
      },
      quickSearch: ['uid', 'title', 'developer'],
      defaultOrder: { field: 'weigh', direction: 'desc' },
    },
    listQuery: (db) => listedModules(storeDb(db)),
    row: moduleRow,
    present: presentRows,
    // Listed in the reader's language; the edit form (loadRow) keeps the stored texts.
    localise: (rows, lang) =>
      rows.map((row) => showSeeded(row as unknown as ListedModule, lang) as unknown as Row),
    loadRow: async (id) => {
      const row = (await listedModules(storeDb(ctx.db.kysely))
        .where('store_module.id', '=', id)
        .executeTakeFirst()) as ListedModule | undefined;
      return row ? (await presentRows([row as unknown as Row]))[0] : undefined;
    },
    sortable: true,
    switchFields: ['status'],
    addBody: moduleBody,
    add: async (data, w) => {
      const db = storeDb(w.trx);
      const values = await moduleValues(db, data);
      await assertUidFree(db, values.uid);
      const time = now();
      await insertId(
        ctx.db,
        db
          .insertInto('store_module')
          .values({ ...values, downloads: 0, create_time: time, update_time: time }),
      );
    },
    editBody: moduleBody,
    edit: async (id, data, w) => {
      const db = storeDb(w.trx);
      const values = await moduleValues(db, data);
      const current = await db
        .selectFrom('store_module')
        .select('uid')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) throw new ApiError('Record not found');
      if (current.uid !== values.uid) {
        const published = await db
          .selectFrom('store_version')
          .select('id')
          .where('module_id', '=', id)
          .executeTakeFirst();
        // Its packages say which module they are: the uid is theirs from the first upload on.
        if (published) fail(M.uidLocked);
        await assertUidFree(db, values.uid, id);
      }
      await db
        .updateTable('store_module')
        .set({ ...values, update_time: now() })
        .where('id', '=', id)
        .execute();
    },
    del: async (ids, w) => {
      const db = storeDb(w.trx);
      const ordered = await db
        .selectFrom('store_order')
        .select('id')
        .where('module_id', 'in', ids)
        .executeTakeFirst();
      if (ordered) fail(M.moduleHasOrders);
      const packages = await db
        .selectFrom('store_version')
        .select('package')
        .where('module_id', 'in', ids)
        .execute();
      await db.deleteFrom('store_version').where('module_id', 'in', ids).execute();
      const result = await db.deleteFrom('store_module').where('id', 'in', ids).executeTakeFirst();
      w.afterCommit(async () => {
        for (const { package: name } of packages) await removePackage(ctx.config.storageDir, name);
      });
      return Number(result.numDeletedRows);
    },
  });
}

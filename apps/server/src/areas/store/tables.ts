/**
 * The store's own tables (logical names; the configured prefix is added like for core tables)
 * and their migrations, written with columnKit so they mean the same on SQLite, MySQL/MariaDB
 * and PostgreSQL. Prices are integers in stored units: cents for money, whole points for score.
 */

import { columnKit, type MigrationEnv } from '@portico/server-sdk';
import { type Generated, type Migration, type Selectable, sql } from 'kysely';

export type StoreTables = {
  store_category: {
    id: Generated<number>;
    name: string;
    weigh: number;
    status: string;
    create_time: number | null;
    update_time: number | null;
  };
  store_module: {
    id: Generated<number>;
    uid: string;
    category_id: number;
    title: string;
    logo: string;
    /** Comma-separated image URLs, as the upload input stores several files. */
    images: string | null;
    /** Comma-separated. */
    tags: string;
    /** Markdown as written; rendered and sanitized when served. */
    description: string | null;
    developer: string;
    developer_url: string;
    /** http(s) or mailto: the goods dialog's "Contact developer" ('' by default: rows from before it). */
    developer_contact: Generated<string>;
    /** The "View demo" entries as JSON (StoreDemo[]); null when there are none. */
    demos: string | null;
    price_type: string;
    price: number;
    /** 0: no struck-through price. */
    original_price: number;
    status: string;
    downloads: number;
    weigh: number;
    create_time: number | null;
    update_time: number | null;
  };
  store_version: {
    id: Generated<number>;
    module_id: number;
    version: string;
    update_log: string | null;
    /** File name under the store's private package folder (never served from /storage). */
    package: string;
    sha256: string;
    size: number;
    /** Release time: what an order's period is compared with. */
    create_time: number | null;
  };
  store_order: {
    id: Generated<number>;
    order_no: string;
    user_id: number;
    module_id: number;
    price_type: string;
    amount: number;
    status: string;
    pay_time: number | null;
    expire_time: number | null;
    create_time: number | null;
    update_time: number | null;
  };
};

// The store's tables join the `Database` type, so its resources name them without a cast.
declare module '@portico/server-sdk' {
  interface ModuleTables extends StoreTables {}
}

export type StoreRow<T extends keyof StoreTables> = Selectable<StoreTables[T]>;

export const STORE_TABLES = ['store_category', 'store_module', 'store_version', 'store_order'] as const;

export function storeMigrations({ dialect, prefix }: MigrationEnv): Record<string, Migration> {
  const k = columnKit(dialect, prefix);
  return {
    '0001-store-tables': {
      async up(db) {
        let category = k.id(db.schema.createTable('store_category'));
        category = k.str(category, 'name', 50);
        category = k.int(category, 'weigh');
        category = k.flag(category, 'status', '1');
        category = k.time(k.time(category, 'create_time'), 'update_time');
        await k.finish(category).execute();

        let module = k.id(db.schema.createTable('store_module'));
        module = k.str(module, 'uid', 40);
        module = k.int(module, 'category_id');
        module = k.str(module, 'title', 100);
        module = k.str(module, 'logo', 255);
        module = k.text(module, 'images');
        module = k.str(module, 'tags', 255);
        module = k.text(module, 'description');
        module = k.str(module, 'developer', 100);
        module = k.str(module, 'developer_url', 255);
        module = k.choice(module, 'price_type', 'free');
        module = k.int(module, 'price');
        module = k.int(module, 'original_price');
        module = k.flag(module, 'status', '1');
        module = k.int(module, 'downloads');
        module = k.int(module, 'weigh');
        module = k.time(k.time(module, 'create_time'), 'update_time');
        await k.finish(module).execute();
        await k.index(db, 'store_module', ['uid'], true);
        await k.index(db, 'store_module', ['developer']);

        let version = k.id(db.schema.createTable('store_version'));
        version = k.int(version, 'module_id');
        version = k.str(version, 'version', 50);
        version = k.text(version, 'update_log');
        version = k.str(version, 'package', 255);
        version = k.str(version, 'sha256', 64);
        version = k.int(version, 'size');
        version = k.time(version, 'create_time');
        await k.finish(version).execute();
        await k.index(db, 'store_version', ['module_id', 'version'], true);

        let order = k.id(db.schema.createTable('store_order'));
        order = k.str(order, 'order_no', 32);
        order = k.int(order, 'user_id');
        order = k.int(order, 'module_id');
        order = k.choice(order, 'price_type', 'score');
        order = k.int(order, 'amount');
        order = k.choice(order, 'status', 'unpaid');
        order = k.time(k.time(order, 'pay_time'), 'expire_time');
        order = k.time(k.time(order, 'create_time'), 'update_time');
        await k.finish(order).execute();
        await k.index(db, 'store_order', ['order_no'], true);
        await k.index(db, 'store_order', ['user_id', 'module_id']);
      },
      async down(db) {
        for (const table of ['store_order', 'store_version', 'store_module', 'store_category']) {
          await db.schema.dropTable(table).execute();
        }
      },
    },
    // The original's goods dialog: View demo entries and Contact developer.
    '0002-store-demos-contact': {
      async up(db) {
        await db.schema
          .alterTable('store_module')
          .addColumn('developer_contact', sql`varchar(255)`, (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema
          .alterTable('store_module')
          .addColumn('demos', dialect === 'mysql' ? sql`longtext` : 'text')
          .execute();
      },
      async down(db) {
        await db.schema.alterTable('store_module').dropColumn('demos').execute();
        await db.schema.alterTable('store_module').dropColumn('developer_contact').execute();
      },
    },
  };
}

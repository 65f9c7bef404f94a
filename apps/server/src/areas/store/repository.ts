/** The store's queries that more than one route needs. */

import type { AppContext, Database } from '@portico/server-sdk';
import type { Kysely } from 'kysely';
import type { ListedModule } from './present.js';
import type { StoreTables } from './tables.js';

export type StoreDb = Kysely<Database & StoreTables>;

export const storeDb = (db: Kysely<Database>): StoreDb => db.withTables<StoreTables>();
export const storeOf = (ctx: AppContext): StoreDb => storeDb(ctx.db.kysely);

/** Modules with their category's name and newest version, ready for `listItem`. */
export function listedModules(db: StoreDb) {
  return db
    .selectFrom('store_module')
    .leftJoin('store_category', 'store_category.id', 'store_module.category_id')
    .selectAll('store_module')
    .select((eb) => {
      const newest = eb
        .selectFrom('store_version')
        .whereRef('store_version.module_id', '=', 'store_module.id')
        .orderBy('store_version.id', 'desc')
        .limit(1);
      return [
        eb.ref('store_category.name').as('category_name'),
        newest.select('store_version.version').as('latest_version'),
        newest.select('store_version.create_time').as('latest_time'),
      ];
    });
}

export async function findListedModule(db: StoreDb, uid: string): Promise<ListedModule | undefined> {
  return (await listedModules(db).where('store_module.uid', '=', uid).executeTakeFirst()) as
    | ListedModule
    | undefined;
}

/** A module's versions, newest first. */
export function moduleVersions(db: StoreDb, moduleId: number) {
  return db
    .selectFrom('store_version')
    .selectAll()
    .where('module_id', '=', moduleId)
    .orderBy('id', 'desc')
    .execute();
}

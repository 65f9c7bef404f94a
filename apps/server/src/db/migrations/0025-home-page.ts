/**
 * The site's public home setting (seed/public-home.ts). Its id is explicit like the install
 * data's, unless a database taken over from the original holds a row there (free-ids.ts).
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { HOME_PAGE_ROWS, HOME_PAGE_SETTING } from '../seed/public-home.js';
import type { AnyDb } from './columns.js';
import { freeIds } from './free-ids.js';
import { syncSequence } from './sequences.js';

export function homePageMigration(dialect: Dialect, prefix: string): Migration {
  return {
    async up(db: AnyDb) {
      await db
        .insertInto('config')
        .values(await freeIds(db, 'config', HOME_PAGE_ROWS))
        .execute();
      if (dialect === 'postgres') await syncSequence(db, prefix, 'config');
    },
    async down(db: AnyDb) {
      await db.deleteFrom('config').where('name', '=', HOME_PAGE_SETTING).execute();
    },
  };
}

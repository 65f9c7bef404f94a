/**
 * The module contract's bookkeeping: which modules this install knows and in what state
 * (enabled or disabled; the package manager adds its own states), the permissions groups
 * held on a disabled module's menu rules (so re-enabling gives them back), and the
 * migrations each module has run, recorded per module so two modules may reuse a name.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { type AnyDb, columnKit } from './columns.js';

export function modulesMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let t = k.id(db.schema.createTable('module'));
      t = k.str(t, 'uid', 100);
      t = k.int(t, 'state', 0);
      t = k.str(t, 'version', 30);
      // JSON: {admin: {groupId: [rule names]}, member: {...}} while the module is disabled.
      t = k.text(t, 'grants');
      t = k.time(t, 'update_time');
      t = k.time(t, 'create_time');
      await k.finish(t).execute();
      await k.index(db, 'module', ['uid'], true);

      let m = k.id(db.schema.createTable('module_migration'));
      m = k.str(m, 'module', 100);
      m = k.str(m, 'name', 190);
      m = k.time(m, 'create_time');
      await k.finish(m).execute();
      await k.index(db, 'module_migration', ['module', 'name'], true);
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('module_migration').execute();
      await db.schema.dropTable('module').execute();
    },
  };
}

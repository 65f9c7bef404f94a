/**
 * Two-factor sign-in for administrators: each administrator's TOTP secret
 * (encrypted under APP_SECRET, never readable from the table alone), the time step of the
 * last code accepted (a code is good once), their single-use recovery codes (HMACs only),
 * and a flag on administrator groups that makes the second factor a condition of signing in.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { type AnyDb, columnKit } from './columns.js';

export function twoFactorMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let t = k.int(db.schema.createTable('admin_two_factor'), 'admin_id');
      t = k.text(t, 'secret');
      // '0' while enrolment waits for its confirmation code; '1' once confirmed.
      t = k.flag(t, 'enabled', '0');
      t = t.addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0));
      t = k.int(t, 'failures');
      t = k.time(t, 'update_time');
      t = k.time(t, 'create_time');
      t = t.addPrimaryKeyConstraint(`${prefix}admin_two_factor_pkey`, ['admin_id']);
      await k.finish(t).execute();

      let codes = k.int(db.schema.createTable('admin_recovery_code'), 'admin_id');
      codes = k.str(codes, 'code_hash', 64);
      codes = k.time(codes, 'used_time');
      codes = codes.addPrimaryKeyConstraint(`${prefix}admin_recovery_code_pkey`, ['admin_id', 'code_hash']);
      await k.finish(codes).execute();

      await db.schema
        .alterTable('admin_group')
        .addColumn('two_factor', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('admin_group').dropColumn('two_factor').execute();
      await db.schema.dropTable('admin_recovery_code').execute();
      await db.schema.dropTable('admin_two_factor').execute();
    },
  };
}

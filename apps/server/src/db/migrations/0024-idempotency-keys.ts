/**
 * Changes that must apply once (a member's balance or points, a store payment) keep the key
 * the client sent with them, the request's fingerprint and the first answer: a retry after a
 * lost answer (a connection dropped during COMMIT) finds the key and applies nothing.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { type AnyDb, columnKit } from './columns.js';

export function idempotencyKeysMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let t = k.id(db.schema.createTable('idempotency_key'));
      t = k.str(t, 'scope', 100);
      t = k.str(t, 'idem_key', 100);
      t = k.str(t, 'fingerprint', 64);
      t = k.text(t, 'answer');
      t = t.addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0));
      await k.finish(t).execute();
      await k.index(db, 'idempotency_key', ['scope', 'idem_key'], true);
      await k.index(db, 'idempotency_key', ['create_time']);
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('idempotency_key').execute();
    },
  };
}

/**
 * Start-up writes taken in turns. Several server processes started together on a new database
 * would each find it empty and each create the super administrator, load the area data and
 * record the built-in modules with their menu rules: duplicate rows, or a unique-key error or
 * deadlock that stops a process. Under this lock the first does the work and the others,
 * waiting, then find it done. (Migrations have the migrator's own lock.)
 *
 * The lock is a row lock: a transaction selects the `startup` row FOR UPDATE and holds it while
 * `work` runs on the pool's other connections, then commits. SQLite serves one process, and its
 * single connection would wait on itself, so there `work` just runs.
 */
import type { Db } from './connection.js';

export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect === 'sqlite') return work();
  return db.kysely.transaction().execute(async (trx) => {
    await trx.selectFrom('process_lock').select('name').where('name', '=', 'startup').forUpdate().execute();
    return work();
  });
}

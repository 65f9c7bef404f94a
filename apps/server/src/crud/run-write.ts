import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WriteContext } from './write-context.js';

/** Runs a write in a transaction, then the tasks it left for after the commit. */
export async function runWrite<T>(
  kysely: Kysely<Database>,
  request: FastifyRequest,
  run: (w: WriteContext) => Promise<T>,
): Promise<T> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await kysely
    .transaction()
    .execute((trx) => run({ request, trx, afterCommit: (task) => tasks.push(task) }));
  for (const task of tasks) await task();
  return result;
}

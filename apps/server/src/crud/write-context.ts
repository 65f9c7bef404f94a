/**
 * What a resource's write is given: the request and its transaction. Its own module because
 * audit.ts captures deletes and edits inside that transaction while resource.ts, which runs
 * the writes, calls audit: declared in resource.ts, audit imported it back (issue 19: no
 * import cycles). A leaf: it imports only types from fastify, kysely and the schema.
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export interface WriteContext {
  request: FastifyRequest;
  trx: Transaction<Database>;
  /** Work outside the database (removing files) that must wait until the write is committed. */
  afterCommit(task: () => Promise<void>): void;
}

/**
 * What a resource's write is given: the request and its transaction; and the captures run
 * around deletes and edits inside that transaction (the security feature's data-recycle and
 * sensitive-data logs), which the app hands the resource helper through its context so the
 * generic helper names no feature. Declared in resource.ts, the captures imported it back
 * (no import cycles: docs/architecture.md, "Layers"). A leaf: it imports only types from fastify, kysely and the
 * schema.
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

/** Around a write of a resource's `controller`: the write runs inside, the capture is logged after. */
export interface WriteCaptures {
  /** Runs `del` and files the rows it removed; answers how many went. */
  deletes(w: WriteContext, controller: string, ids: number[], del: () => Promise<number>): Promise<number>;
  /** Runs `edit` and logs the monitored fields it changed. */
  edit(w: WriteContext, controller: string, id: number, edit: () => Promise<void>): Promise<void>;
}

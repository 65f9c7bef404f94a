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
  /**
   * Files the rows of a table about to be dropped (a generated screen's, on delete code) in the
   * recycle log, whether or not a rule watches its controller: dropping is never undone otherwise.
   */
  dropped(w: WriteContext, table: DroppedTable): Promise<void>;
}

/** A table's rows as read just before it is dropped, with its key and the screen that showed it. */
export interface DroppedTable {
  /** The controller of the screen that showed it (`shop.Product`): a recycle rule on it names the entries. */
  controller: string;
  /** The logical table name (without the prefix). */
  table: string;
  primaryKey: string;
  rows: Record<string, unknown>[];
}

/**
 * The app's one captures slot (AppContext.captures): writes pass straight through until the
 * data-security area fills it when it starts, so the core keeps the hook and names no area
 * (docs/architecture.md, "Module contract").
 */
export class CaptureSlot implements WriteCaptures {
  private filled: WriteCaptures | null = null;

  /** Called once, by the area that logs deletes and edits. */
  fill(captures: WriteCaptures): void {
    if (this.filled) throw new Error('The write captures are already filled');
    this.filled = captures;
  }

  deletes(w: WriteContext, controller: string, ids: number[], del: () => Promise<number>): Promise<number> {
    return this.filled ? this.filled.deletes(w, controller, ids, del) : del();
  }

  edit(w: WriteContext, controller: string, id: number, edit: () => Promise<void>): Promise<void> {
    return this.filled ? this.filled.edit(w, controller, id, edit) : edit();
  }

  async dropped(w: WriteContext, table: DroppedTable): Promise<void> {
    await this.filled?.dropped(w, table);
  }
}

/**
 * Changes that must apply once even when the client sends them again. A client that lost the
 * answer (the connection dropped during COMMIT: the change was saved, the client got a 503)
 * and retries as the 503 invites would otherwise apply it twice. So such a change may carry an
 * `Idempotency-Key` header: a fresh key for each change the user means to make, the same key
 * on every retry of it. The key is claimed inside the change's own transaction, so it is saved
 * exactly when the change is: a retry of a saved change finds it and is answered with the first
 * answer, applying nothing; a change that was not saved left no key and is made by the retry.
 * The same key with a different body is refused. Without the header a change applies as before.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { now } from '../clock.js';
import type { Dialect } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { ApiError } from './errors.js';

/** Fastify's request headers are lower case. */
export const IDEMPOTENCY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** How long a key is kept: a retry comes within seconds or minutes, not days. */
const KEEP_SECONDS = 24 * 3600;
const SWEEP_INTERVAL_SECONDS = 600;

export interface OnceKey {
  scope: string;
  key: string;
  fingerprint: string;
}

/**
 * The request's key for its change within `scope` (who changes what), or undefined when the
 * client sent none. A malformed key is refused before anything is written.
 */
export function onceKeyOf(request: FastifyRequest, scope: string, body: unknown): OnceKey | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new ApiError('Parameter %s is invalid', [IDEMPOTENCY_KEY_HEADER]);
  return { scope, key, fingerprint: fingerprintOf(body) };
}

/**
 * Claims the key inside the change's transaction, before the change. Null: the key is new and
 * now this change's, go ahead. Otherwise the change was saved before: its first answer (the
 * stored data; null when it answered none). A claim racing another with the same key waits for
 * it (the unique index) and, once that one is committed, finds its answer.
 */
export async function claimOnceKey(
  trx: Transaction<Database>,
  dialect: Dialect,
  once: OnceKey,
): Promise<{ answer: unknown } | null> {
  const time = now();
  const row = { scope: once.scope, idem_key: once.key, fingerprint: once.fingerprint, create_time: time };
  const insert = trx.insertInto('idempotency_key').values(row);
  const claimed = await (dialect === 'mysql'
    ? insert.ignore()
    : insert.onConflict((conflict) => conflict.columns(['scope', 'idem_key']).doNothing())
  ).executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1) return null;
  const read = trx
    .selectFrom('idempotency_key')
    .select(['fingerprint', 'answer'])
    .where('scope', '=', once.scope)
    .where('idem_key', '=', once.key);
  // On MySQL a plain read may see the transaction's older snapshot: a shared-lock read sees the
  // committed row (the duplicate check already holds that lock; an exclusive one would deadlock
  // retries racing each other). PostgreSQL's statement sees it anyway; SQLite has one writer.
  const saved = await (dialect === 'mysql'
    ? read.modifyEnd(sql`lock in share mode`)
    : read
  ).executeTakeFirstOrThrow();
  if (saved.fingerprint !== once.fingerprint) {
    throw new ApiError('This Idempotency-Key was already used for a different request');
  }
  return { answer: saved.answer === null ? null : JSON.parse(saved.answer) };
}

/** Keeps the change's answer with its key, in the same transaction, for the retries. */
export async function saveOnceAnswer(
  trx: Transaction<Database>,
  once: OnceKey,
  answer: unknown,
): Promise<void> {
  await trx
    .updateTable('idempotency_key')
    .set({ answer: JSON.stringify(answer) })
    .where('scope', '=', once.scope)
    .where('idem_key', '=', once.key)
    .execute();
}

/** The body as sent, keys in order, hashed: a retry sends the same. */
function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const lastSweeps = new WeakMap<Kysely<Database>, number>();

/**
 * Removes keys older than a day, at most every few minutes per process. Called after a change
 * commits, never inside one: on MySQL the range delete would lock out new keys until commit.
 */
export async function sweepOnceKeys(kysely: Kysely<Database>): Promise<void> {
  const time = now();
  if ((lastSweeps.get(kysely) ?? 0) > time - SWEEP_INTERVAL_SECONDS) return;
  lastSweeps.set(kysely, time);
  await kysely
    .deleteFrom('idempotency_key')
    .where('create_time', '<', time - KEEP_SECONDS)
    .execute();
}

/**
 * The header that makes a change apply once (a member's balance or points, a store payment):
 * a fresh key for each change the user means to make, the same key on every retry of it. A
 * retry of a change the server saved is answered with the first answer and applies nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** What the server takes as a key: 8 to 100 letters, digits, '.', '_', ':' or '-'. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * A fresh key: 128 random bits in hex. From getRandomValues, which browsers offer on plain
 * http too (randomUUID needs a secure context, and a back office is often reached without one).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

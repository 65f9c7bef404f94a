/**
 * Access and refresh tokens: 32 random bytes handed to the client once, stored only as
 * HMAC-SHA256 under APP_SECRET, so a leaked token table cannot be replayed.
 */
import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { now } from '../context.js';
import type { Db } from '../db/connection.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { TokenType } from '../db/schema.js';

export interface TokenRow {
  type: TokenType;
  user_id: number;
  expire_time: number | null;
}

export type TokenLookup =
  | { state: 'valid'; row: TokenRow }
  | { state: 'expired'; row: TokenRow }
  | { state: 'missing' };

/** Expired rows are swept at most this often (the original: every 48 h). */
const SWEEP_INTERVAL_SECONDS = 6 * 3600;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export class TokenService {
  private lastSweep = 0;
  /** Runs on every member request (and refresh): compiled once. */
  private readonly byStoredForm;
  /** The secret imported once: every authenticated request hashes its token with it. */
  private readonly key: KeyObject;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret));
    const { kysely } = db;
    this.byStoredForm = preparedQuery(kysely, 1, (stored: string) =>
      kysely.selectFrom('token').select(['type', 'user_id', 'expire_time']).where('token', '=', stored),
    );
  }

  hash(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('hex');
  }

  async issue(type: TokenType, userId: number, ttlSeconds: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const time = now();
    await this.db.kysely
      .insertInto('token')
      .values({
        token: this.hash(token),
        type,
        user_id: userId,
        create_time: time,
        expire_time: time + ttlSeconds,
      })
      .execute();
    await this.sweepExpired(time);
    return token;
  }

  async lookup(token: string, types: readonly TokenType[]): Promise<TokenLookup> {
    const stored = this.storedForm(token);
    if (stored === null) return { state: 'missing' };
    const [row] = await this.byStoredForm(stored);
    return classifyToken(row, types);
  }

  /** What the token table holds for a token as the client sent it; null when malformed. */
  storedForm(token: string): string | null {
    return TOKEN_SHAPE.test(token) ? this.hash(token) : null;
  }

  async revoke(token: string): Promise<void> {
    const stored = this.storedForm(token);
    if (stored === null) return;
    await this.db.kysely.deleteFrom('token').where('token', '=', stored).execute();
  }

  /** Signs an account out everywhere (password change, disabling). */
  async revokeAll(userId: number, types: readonly TokenType[]): Promise<void> {
    await this.db.kysely
      .deleteFrom('token')
      .where('user_id', '=', userId)
      .where('type', 'in', types)
      .execute();
  }

  private async sweepExpired(time: number): Promise<void> {
    if (time - this.lastSweep < SWEEP_INTERVAL_SECONDS) return;
    this.lastSweep = time;
    await this.db.kysely.deleteFrom('token').where('expire_time', '<', time).execute();
  }
}

/** Valid, expired or missing, for a token row read by whichever query suits the caller. */
export function classifyToken<Row extends TokenRow>(
  row: Row | undefined,
  types: readonly TokenType[],
): { state: 'valid' | 'expired'; row: Row } | { state: 'missing' } {
  if (!row || !types.includes(row.type) || row.user_id <= 0) return { state: 'missing' };
  if (row.expire_time !== null && row.expire_time <= now()) return { state: 'expired', row };
  return { state: 'valid', row };
}

/**
 * Access and refresh tokens: 32 random bytes handed to the client once, stored only as
 * HMAC-SHA256 under APP_SECRET, so a leaked token table cannot be replayed.
 *
 * A sign-in opens a session: its access tokens and its refresh tokens share a `family`, and
 * signing out ends the family. A refresh token is exchanged for a successor on every use;
 * the successor is derived from it (HMAC under a key of its own), so asking again with the
 * same token answers the same successor rather than minting another. That keeps clients
 * that never store the successor working (the original product's client), keeps two
 * concurrent refreshes from splitting the session, and bounds a session to one row per
 * generation. An exchanged token stays acceptable until its successor is used; after that,
 * presenting it is a reuse, and the whole family is revoked.
 */
import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, TokenType } from '../db/schema.js';

export interface TokenRow {
  type: TokenType;
  user_id: number;
  expire_time: number | null;
}

/** A refresh token's row, with what rotation needs. */
export interface RefreshRow extends TokenRow {
  family: string;
  rotated_time: number | null;
}

export type TokenLookup =
  | { state: 'valid'; row: TokenRow }
  | { state: 'expired'; row: TokenRow }
  | { state: 'missing' };

/** Expired rows are swept at most this often (the original: every 48 h). */
const SWEEP_INTERVAL_SECONDS = 6 * 3600;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** A token type and how long a token of it lives, in seconds. */
export interface TokenKind {
  type: TokenType;
  ttl: number;
}

export type Rotation = { state: 'rotated'; refreshToken: string } | { state: 'reused' };

export class TokenService {
  private lastSweep = 0;
  /** Runs on every member request (and refresh): compiled once. */
  private readonly byStoredForm;
  /** The secret imported once: every authenticated request hashes its token with it. */
  private readonly key: KeyObject;
  /**
   * Derives a refresh token's successor. A key of its own: under `key` the successor would be
   * its predecessor's stored form re-encoded, and a leaked token table would hold live tokens.
   */
  private readonly successorKey: KeyObject;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret));
    this.successorKey = createSecretKey(
      createHmac('sha256', this.key).update('portico refresh-token successor').digest(),
    );
    const { kysely } = db;
    this.byStoredForm = preparedQuery(kysely, 1, (stored: string) =>
      kysely.selectFrom('token').select(['type', 'user_id', 'expire_time']).where('token', '=', stored),
    );
  }

  hash(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('hex');
  }

  /** One token; without a family it is a session of its own (verification tokens). */
  async issue(type: TokenType, userId: number, ttlSeconds: number, family = newFamily()): Promise<string> {
    const [token] = await this.insert(userId, family, [{ type, ttl: ttlSeconds }]);
    return token as string;
  }

  /** A sign-in: an access token and, when the user asked to stay signed in, a refresh token. */
  async openSession(
    userId: number,
    access: TokenKind,
    refresh: TokenKind | null,
  ): Promise<{ token: string; refreshToken: string }> {
    const [token, refreshToken = ''] = await this.insert(
      userId,
      newFamily(),
      refresh ? [access, refresh] : [access],
    );
    return { token: token as string, refreshToken };
  }

  private async insert(userId: number, family: string, kinds: TokenKind[]): Promise<string[]> {
    const tokens = kinds.map(() => randomBytes(32).toString('base64url'));
    const time = now();
    await this.db.kysely
      .insertInto('token')
      .values(
        kinds.map((kind, i) => ({
          token: this.hash(tokens[i] as string),
          type: kind.type,
          user_id: userId,
          family,
          create_time: time,
          expire_time: time + kind.ttl,
        })),
      )
      .execute();
    await this.sweepExpired(time);
    return tokens;
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

  /** A refresh token's row when it is one of `types`, valid or expired. */
  async findRefresh(
    token: string,
    types: readonly TokenType[],
  ): Promise<{ state: 'valid' | 'expired'; row: RefreshRow } | { state: 'missing' }> {
    const stored = this.storedForm(token);
    if (stored === null) return { state: 'missing' };
    const row = await this.db.kysely
      .selectFrom('token')
      .select(['type', 'user_id', 'expire_time', 'family', 'rotated_time'])
      .where('token', '=', stored)
      .executeTakeFirst();
    return classifyToken(row, types);
  }

  /**
   * Exchanges a valid refresh token (its row from findRefresh) for its successor. A token
   * already exchanged is answered the same successor while that is unused; once the
   * successor (and so any later one) has been used, this is a reuse: the session ends.
   */
  async rotate(token: string, row: RefreshRow): Promise<Rotation> {
    const successor = createHmac('sha256', this.successorKey).update(token).digest('base64url');
    if (row.rotated_time === null && (await this.claimRotation(token, successor, row))) {
      return { state: 'rotated', refreshToken: successor };
    }
    // Exchanged before, or just now by a concurrent request with the same token.
    const next = await this.db.kysely
      .selectFrom('token')
      .select('rotated_time')
      .where('token', '=', this.hash(successor))
      .executeTakeFirst();
    if (next && next.rotated_time === null) return { state: 'rotated', refreshToken: successor };
    await this.revokeFamily(row.family);
    return { state: 'reused' };
  }

  /**
   * Marks the token exchanged and stores its successor, atomically: of concurrent requests
   * with one token exactly one gets here first; the others find it marked (the UPDATE waits
   * for the first to commit) and answer the successor it stored. The successor ends when
   * the session would have: rotation does not lengthen a sign-in.
   */
  private claimRotation(token: string, successor: string, row: RefreshRow): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const time = now();
      const claimed = await trx
        .updateTable('token')
        .set({ rotated_time: time })
        .where('token', '=', this.hash(token))
        .where('rotated_time', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('token')
        .values({
          token: this.hash(successor),
          type: row.type,
          user_id: row.user_id,
          family: row.family,
          create_time: time,
          expire_time: row.expire_time,
        })
        .execute();
      return true;
    });
  }

  /** The session (family) a token belongs to, or null when there is no such token. */
  async familyOf(token: string): Promise<string | null> {
    const stored = this.storedForm(token);
    if (stored === null) return null;
    const row = await this.db.kysely
      .selectFrom('token')
      .select('family')
      .where('token', '=', stored)
      .executeTakeFirst();
    return row?.family ?? null;
  }

  /**
   * Takes a single-use token of `type` out of the table: of concurrent callers (in any
   * process) exactly one gets its row, whose delete removed it; the others get 'missing'.
   */
  async consume(token: string, type: TokenType): Promise<TokenLookup> {
    const stored = this.storedForm(token);
    if (stored === null) return { state: 'missing' };
    const row = await this.db.kysely
      .selectFrom('token')
      .select(['type', 'user_id', 'expire_time'])
      .where('token', '=', stored)
      .where('type', '=', type)
      .executeTakeFirst();
    if (!row) return { state: 'missing' };
    const deleted = await this.db.kysely
      .deleteFrom('token')
      .where('token', '=', stored)
      .where('type', '=', type)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return { state: 'missing' };
    return classifyToken(row, [type]);
  }

  /** Signs out the session `token` belongs to, when it is one of `types` (logout). */
  async endSession(token: string, types: readonly TokenType[]): Promise<void> {
    const stored = this.storedForm(token);
    if (stored === null) return;
    const row = await this.db.kysely
      .selectFrom('token')
      .select(['type', 'family'])
      .where('token', '=', stored)
      .executeTakeFirst();
    if (!row || !types.includes(row.type)) return;
    if (row.family) await this.revokeFamily(row.family);
    else await this.db.kysely.deleteFrom('token').where('token', '=', stored).execute();
  }

  private async revokeFamily(family: string): Promise<void> {
    const remove = () => this.db.kysely.deleteFrom('token').where('family', '=', family).execute();
    await remove();
    // A rotation committing while the first pass waited on its row may have added the
    // session's next token after that pass had chosen its rows; the second pass sees it.
    await remove();
  }

  /** Deletes one token (a used verification token). */
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

  /**
   * Signs an account out everywhere except the session `keep` belongs to: a password changed
   * in that session leaves it signed in, refresh token included. Inside a transaction pass
   * it as `via` (SQLite has one connection).
   */
  async revokeOtherSessions(
    userId: number,
    types: readonly TokenType[],
    keep: string,
    via: Kysely<Database> = this.db.kysely,
  ): Promise<void> {
    const stored = this.storedForm(keep);
    const kept = stored
      ? await via.selectFrom('token').select('family').where('token', '=', stored).executeTakeFirst()
      : undefined;
    let others = via.deleteFrom('token').where('user_id', '=', userId).where('type', 'in', types);
    if (kept) others = others.where('family', '<>', kept.family);
    await others.execute();
  }

  private async sweepExpired(time: number): Promise<void> {
    if (time - this.lastSweep < SWEEP_INTERVAL_SECONDS) return;
    this.lastSweep = time;
    await this.db.kysely.deleteFrom('token').where('expire_time', '<', time).execute();
  }
}

/** A new session's id: random, never sent to a client. */
function newFamily(): string {
  return randomBytes(16).toString('hex');
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

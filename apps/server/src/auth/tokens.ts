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
  /** When last used (touch); null before its first use on rows from before migration 0020. */
  last_use_time?: number | null;
}

/** A refresh token's row, with what rotation needs. */
export interface RefreshRow extends TokenRow {
  family: string;
  rotated_time: number | null;
  user_agent: string;
}

/** Who opened or uses a session: shown to its owner in the list of their sessions. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** A signed-in session as its owner sees it; `id` names it (never a token, nor its family). */
export interface SessionInfo {
  id: string;
  userAgent: string;
  ip: string;
  create_time: number;
  last_use_time: number;
  current: boolean;
}

/** Use is recorded at most this often per token, so a busy session does not write on every request. */
const TOUCH_INTERVAL_SECONDS = 60;

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
  /** Derives the id a session is shown by: its family stays on the server. */
  private readonly sessionKey: KeyObject;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret));
    this.successorKey = createSecretKey(
      createHmac('sha256', this.key).update('portico refresh-token successor').digest(),
    );
    this.sessionKey = createSecretKey(createHmac('sha256', this.key).update('portico session id').digest());
    const { kysely } = db;
    this.byStoredForm = preparedQuery(kysely, 1, (stored: string) =>
      kysely
        .selectFrom('token')
        .select(['type', 'user_id', 'expire_time', 'last_use_time'])
        .where('token', '=', stored),
    );
  }

  hash(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('hex');
  }

  /** One token; without a family it is a session of its own (verification tokens). */
  async issue(
    type: TokenType,
    userId: number,
    ttlSeconds: number,
    family = newFamily(),
    client?: ClientInfo,
  ): Promise<string> {
    const [token] = await this.insert(userId, family, [{ type, ttl: ttlSeconds }], client);
    return token as string;
  }

  /** A sign-in: an access token and, when the user asked to stay signed in, a refresh token. */
  async openSession(
    userId: number,
    access: TokenKind,
    refresh: TokenKind | null,
    client?: ClientInfo,
  ): Promise<{ token: string; refreshToken: string }> {
    const [token, refreshToken = ''] = await this.insert(
      userId,
      newFamily(),
      refresh ? [access, refresh] : [access],
      client,
    );
    return { token: token as string, refreshToken };
  }

  private async insert(
    userId: number,
    family: string,
    kinds: TokenKind[],
    client?: ClientInfo,
  ): Promise<string[]> {
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
          ...clientColumns(client),
          last_use_time: time,
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
      .select(['type', 'user_id', 'expire_time', 'family', 'rotated_time', 'user_agent'])
      .where('token', '=', stored)
      .executeTakeFirst();
    return classifyToken(row, types);
  }

  /**
   * Exchanges a valid refresh token (its row from findRefresh) for its successor. A token
   * already exchanged is answered the same successor while that is unused; once the
   * successor (and so any later one) has been used, this is a reuse: the session ends.
   */
  async rotate(token: string, row: RefreshRow, client?: ClientInfo): Promise<Rotation> {
    const successor = createHmac('sha256', this.successorKey).update(token).digest('base64url');
    if (row.rotated_time === null && (await this.claimRotation(token, successor, row, client))) {
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
  private claimRotation(
    token: string,
    successor: string,
    row: RefreshRow,
    client?: ClientInfo,
  ): Promise<boolean> {
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
          // The device that signed in, wherever the refresh comes from.
          ...clientColumns({ ip: client?.ip ?? '', userAgent: row.user_agent }),
          last_use_time: time,
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

  /**
   * Counts one more try with a pending token of `type` (a sign-in's second step) before what
   * the try carries is checked. One conditional UPDATE, so tries sent at once are each counted
   * and no more than `limit` of them pass, on every dialect. False once `limit` were counted.
   */
  async countTry(token: string, type: TokenType, limit: number): Promise<boolean> {
    const stored = this.storedForm(token);
    if (stored === null) return false;
    const counted = await this.db.kysely
      .updateTable('token')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('token', '=', stored)
      .where('type', '=', type)
      .where('tries', '<', limit)
      .executeTakeFirst();
    return Number(counted.numUpdatedRows) === 1;
  }

  /** The tries counted with a pending token (countTry); null when it is gone. */
  async triesOf(token: string, type: TokenType): Promise<number | null> {
    const stored = this.storedForm(token);
    if (stored === null) return null;
    const row = await this.db.kysely
      .selectFrom('token')
      .select('tries')
      .where('token', '=', stored)
      .where('type', '=', type)
      .executeTakeFirst();
    return row ? Number(row.tries) : null;
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

  /**
   * Records that a token was used (its session's "last used" and address), at most once per
   * TOUCH_INTERVAL_SECONDS: `lastUse` is what the lookup read, so most requests write nothing.
   */
  async touch(token: string, lastUse: number | null | undefined, ip: string): Promise<void> {
    const time = now();
    if (lastUse != null && time - lastUse < TOUCH_INTERVAL_SECONDS) return;
    const stored = this.storedForm(token);
    if (stored === null) return;
    await this.db.kysely
      .updateTable('token')
      .set({ last_use_time: time, ip: clip(ip, 50) })
      .where('token', '=', stored)
      .where((eb) =>
        eb.or([eb('last_use_time', 'is', null), eb('last_use_time', '<=', time - TOUCH_INTERVAL_SECONDS)]),
      )
      .execute();
  }

  /** The id a session is shown by: derived from its family, which never leaves the server. */
  sessionId(family: string): string {
    return createHmac('sha256', this.sessionKey).update(family).digest('base64url').slice(0, 22);
  }

  /**
   * An account's signed-in sessions of `types` (an area's access and refresh tokens), the
   * one `current` belongs to marked, most recently used first. A session's device is the
   * one that signed in; its address and "last used" are its latest token's.
   */
  async listSessions(userId: number, types: readonly TokenType[], current: string): Promise<SessionInfo[]> {
    const currentFamily = await this.familyOf(current);
    const rows = await this.sessionRows(userId, types);
    const sessions = new Map<string, SessionInfo>();
    /** Whether the row giving a session's address is an exchanged refresh token. */
    const fromRotated = new Map<string, boolean>();
    for (const row of rows) {
      const lastUse = row.last_use_time ?? row.create_time ?? 0;
      const rotated = row.rotated_time !== null;
      const seen = sessions.get(row.family);
      if (!seen) {
        sessions.set(row.family, {
          id: this.sessionId(row.family),
          userAgent: row.user_agent,
          ip: row.ip,
          create_time: row.create_time ?? 0,
          last_use_time: lastUse,
          current: row.family === currentFamily,
        });
        fromRotated.set(row.family, rotated);
        continue;
      }
      seen.create_time = Math.min(seen.create_time, row.create_time ?? seen.create_time);
      if (!seen.userAgent) seen.userAgent = row.user_agent;
      // In the same second, the token a refresh issued beats the one it exchanged.
      const newer =
        lastUse > seen.last_use_time ||
        (lastUse === seen.last_use_time && !rotated && fromRotated.get(row.family) === true);
      if (newer && row.ip) {
        seen.ip = row.ip;
        fromRotated.set(row.family, rotated);
      }
      seen.last_use_time = Math.max(seen.last_use_time, lastUse);
    }
    return [...sessions.values()].sort(
      (a, b) => Number(b.current) - Number(a.current) || b.last_use_time - a.last_use_time,
    );
  }

  /**
   * Ends the account's session shown as `id` (see sessionId), when it has one of `types`:
   * its tokens are deleted, so the next request with any of them is refused, in every
   * process (tokens are looked up in the table on each request, never cached). False when the
   * account has no such session (another account's, or one already ended).
   */
  async endSessionById(userId: number, types: readonly TokenType[], id: string): Promise<boolean> {
    const families = await this.familiesOf(userId, types);
    const family = families.find((f) => this.sessionId(f) === id);
    if (family === undefined) return false;
    await this.revokeFamily(family);
    return true;
  }

  /** Ends every session of the account's of `types` but the one `keep` belongs to; how many ended. */
  async endOtherSessions(userId: number, types: readonly TokenType[], keep: string): Promise<number> {
    const kept = await this.familyOf(keep);
    const others = (await this.familiesOf(userId, types)).filter((f) => f !== kept);
    for (let i = 0; i < others.length; i += 500) {
      const chunk = others.slice(i, i + 500);
      const remove = () => this.db.kysely.deleteFrom('token').where('family', 'in', chunk).execute();
      // Twice, as revokeFamily does: a rotation committing meanwhile is caught by the second.
      await remove();
      await remove();
    }
    return others.length;
  }

  /** The token rows of an account's live sessions of `types`. */
  private sessionRows(userId: number, types: readonly TokenType[]) {
    return this.db.kysely
      .selectFrom('token')
      .select(['family', 'user_agent', 'ip', 'create_time', 'last_use_time', 'rotated_time'])
      .where('user_id', '=', userId)
      .where('type', 'in', types)
      .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now())]))
      .orderBy('create_time')
      .execute();
  }

  private async familiesOf(userId: number, types: readonly TokenType[]): Promise<string[]> {
    const rows = await this.sessionRows(userId, types);
    return [...new Set(rows.map((row) => row.family))];
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

/** Who is calling, from a request (Fastify's, or anything with its `ip` and `headers`). */
export function clientOf(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

function clientColumns(client: ClientInfo | undefined): { user_agent: string; ip: string } {
  return { user_agent: clip(client?.userAgent ?? '', 255), ip: clip(client?.ip ?? '', 50) };
}

function clip(text: string, length: number): string {
  return text.length > length ? text.slice(0, length) : text;
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

/**
 * Administrator identity: who is calling (from the `batoken` header), and whether they
 * may call an action. Resolves the caller once per request.
 */

import { LoginState } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { CacheVersions } from '../db/cache-versions.js';
import type { Db } from '../db/connection.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { AdminTable } from '../db/schema.js';
import { SharedCache } from '../db/shared-cache.js';
import type { Access } from '../http/access.js';
import { ApiError, Code } from '../http/errors.js';
import { can, type Grants, mergeRuleLists } from './permissions.js';
import { classifyToken, type TokenService } from './tokens.js';
import type { AdminIdentity } from './types.js';
import '../http/request-context.js';

export const ADMIN_TOKEN_HEADERS = ['batoken', 'ba-token'] as const;

/**
 * Grants are read on every admin request; they are kept for a few seconds. Any write
 * through the back-office drops them at once in this process, and in the other processes on
 * the same database within a fraction of a second (db/cache-versions.ts).
 */
const GRANTS_CACHE_MS = 5000;

const PROFILE_COLUMNS = [
  'admin.id',
  'admin.username',
  'admin.nickname',
  'admin.avatar',
  'admin.last_login_time',
  'admin.status',
] as const;

type AdminProfile = Pick<
  Selectable<AdminTable>,
  'id' | 'username' | 'nickname' | 'avatar' | 'last_login_time' | 'status'
>;

export class AdminAuth {
  private readonly grantsCache: SharedCache<number, Grants & { groupIds: number[] }>;
  /** The token and its administrator in one query: this runs on every back-office request. */
  private readonly tokenWithAdmin;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly config: { adminTokenTtl: number },
    caches: CacheVersions,
  ) {
    this.grantsCache = new SharedCache(caches, 'rules', GRANTS_CACHE_MS);
    const { kysely } = db;
    this.tokenWithAdmin = preparedQuery(kysely, 1, (stored: string) =>
      kysely
        .selectFrom('token')
        .innerJoin('admin', 'admin.id', 'token.user_id')
        .select([
          'token.type',
          'token.user_id',
          'token.expire_time',
          'token.last_use_time',
          ...PROFILE_COLUMNS,
        ])
        .where('token.token', '=', stored),
    );
  }

  /**
   * Route guard: sets request.admin and refuses callers who lack `access`. `imageUrl`: the
   * route is an image's address, whose GET may carry the token as `batoken` in the query
   * (http/routes.ts ActionSpec.imageUrl; the request log masks it).
   */
  async authenticate(
    request: FastifyRequest,
    access: Access,
    permission: string,
    imageUrl = false,
  ): Promise<void> {
    const token =
      headerToken(request, ADMIN_TOKEN_HEADERS) ||
      (imageUrl && request.method === 'GET' ? queryToken(request) : '');
    if (token) {
      const found = await this.findByToken(token);
      if (found.state === 'expired' && access !== 'public') {
        throw new ApiError('Token expiration', [], Code.tokenExpired);
      }
      if (found.state === 'valid') {
        request.admin = await this.withGrants(found.row, token);
        if (request.admin) await this.tokens.touch(token, found.row.last_use_time, request.ip);
      }
    }
    if (access === 'public') return;
    if (!request.admin) throw needLogin();
    if (access === 'permission' && !can(request.admin, permission)) {
      throw new ApiError('You have no permission', [], Code.noPermission);
    }
  }

  /**
   * The administrator a token signs in, for the one route that takes it from elsewhere than
   * the header (the terminal stream, which a browser opens without headers).
   */
  async identifyToken(
    token: string,
  ): Promise<{ state: 'valid'; admin: AdminIdentity } | { state: 'expired' | 'missing' }> {
    const found = await this.findByToken(token);
    if (found.state !== 'valid') return { state: found.state };
    const admin = await this.withGrants(found.row, token);
    return admin ? { state: 'valid', admin } : { state: 'missing' };
  }

  /** Loads an enabled administrator with their grants; null when missing or disabled. */
  async identity(adminId: number, token: string): Promise<AdminIdentity | null> {
    const admin = await this.db.kysely
      .selectFrom('admin')
      .select(PROFILE_COLUMNS)
      .where('admin.id', '=', adminId)
      .executeTakeFirst();
    return this.withGrants(admin, token);
  }

  private async findByToken(token: string) {
    const stored = this.tokens.storedForm(token);
    const [row] = stored === null ? [] : await this.tokenWithAdmin(stored);
    return classifyToken(row, ['admin']);
  }

  private async withGrants(admin: AdminProfile | undefined, token: string): Promise<AdminIdentity | null> {
    if (admin?.status !== '1') return null;
    const { id, username, nickname, avatar, last_login_time } = admin;
    return { id, username, nickname, avatar, last_login_time, token, ...(await this.grants(id)) };
  }

  grants(adminId: number): Promise<Grants & { groupIds: number[] }> {
    return this.grantsCache.get(adminId, () => this.loadGrants(adminId));
  }

  private async loadGrants(adminId: number): Promise<Grants & { groupIds: number[] }> {
    const groups = await this.db.kysely
      .selectFrom('admin_group_access')
      .innerJoin('admin_group', 'admin_group.id', 'admin_group_access.group_id')
      .select(['admin_group.id', 'admin_group.rules'])
      .where('admin_group_access.uid', '=', adminId)
      .where('admin_group.status', '=', '1')
      .execute();
    const merged = mergeRuleLists(groups.map((g) => g.rules));
    let rules = this.db.kysely.selectFrom('admin_rule').select(['id', 'name']).where('status', '=', '1');
    if (!merged.all) {
      if (merged.ids.size === 0) return { groupIds: groups.map((g) => g.id), ...emptyGrants() };
      rules = rules.where('id', 'in', [...merged.ids]);
    }
    const rows = await rules.execute();
    return {
      groupIds: groups.map((g) => g.id),
      super: merged.all,
      ruleIds: new Set(rows.map((r) => r.id)),
      ruleNames: new Set(rows.map((r) => r.name.toLowerCase())),
    };
  }

  /** Access-token lifetime for administrators. */
  get tokenTtl(): number {
    return this.config.adminTokenTtl;
  }
}

/** The administrator a guarded route serves (only reached past the guard, which sets it). */
export function signedInAdmin(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw needLogin();
  return request.admin;
}

/**
 * The signed-in administrator, when a super administrator; anyone else is refused with
 * `refusal` (the terminal answers 401 'You have no permission', the module installer its own message).
 */
export function requireSuper(
  request: FastifyRequest,
  refusal: ApiError = new ApiError('You have no permission', [], Code.noPermission),
): AdminIdentity {
  const admin = signedInAdmin(request);
  if (!admin.super) throw refusal;
  return admin;
}

export function needLogin(message = 'Please login first'): ApiError {
  return new ApiError(message, [], Code.loginState, { type: LoginState.needLogin });
}

export function alreadyLoggedIn(): ApiError {
  return new ApiError('You have already logged in. There is no need to log in again~', [], Code.loginState, {
    type: LoginState.loggedIn,
  });
}

function emptyGrants(): Grants {
  return { super: false, ruleIds: new Set(), ruleNames: new Set() };
}

/** `batoken` of the query (image addresses only: see authenticate). */
function queryToken(request: FastifyRequest): string {
  const value = (request.query as Record<string, unknown> | undefined)?.batoken;
  return typeof value === 'string' ? value.trim() : '';
}

/** First non-empty of the given headers. Tokens are never read from query strings here. */
export function headerToken(request: FastifyRequest, names: readonly string[]): string {
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

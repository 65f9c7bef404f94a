/**
 * Member identity: who is calling (from the `ba-user-token` header) and whether their
 * member groups grant the API path they call.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import type { Access } from '../http/access.js';
import { ApiError, Code } from '../http/errors.js';
import { headerToken, needLogin } from './admin-auth.js';
import { can, type Grants, mergeRuleLists } from './permissions.js';
import type { TokenService } from './tokens.js';
import type { UserIdentity } from './types.js';

export const USER_TOKEN_HEADERS = ['ba-user-token', 'bausertoken'] as const;

/** The signed-in member of a member-centre route (its access setting admits no one else). */
export function signedInMember(request: FastifyRequest): UserIdentity {
  if (!request.user) throw new ApiError('Please login first');
  return request.user;
}

export class UserAuth {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  async authenticate(request: FastifyRequest, access: Access, permission: string): Promise<void> {
    const token = headerToken(request, USER_TOKEN_HEADERS);
    if (token) {
      const found = await this.tokens.lookup(token, ['user']);
      if (found.state === 'expired' && access !== 'public') {
        throw new ApiError('Token expiration', [], Code.tokenExpired);
      }
      if (found.state === 'valid') {
        request.user = await this.identity(found.row.user_id, token);
        if (request.user) await this.tokens.touch(token, found.row.last_use_time, request.ip);
      }
    }
    if (access === 'public') return;
    if (!request.user) throw needLogin();
    if (access === 'permission' && !can(request.user, permission)) {
      throw new ApiError('You have no permission', [], Code.noPermission);
    }
  }

  async identity(userId: number, token: string): Promise<UserIdentity | null> {
    const user = await this.db.kysely
      .selectFrom('user')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user?.status !== 'enable') return null;
    const { password: _p, salt: _s, login_failure: _f, login_failure_time: _t, ...profile } = user;
    return { ...profile, token, ...(await this.grants(user.group_id)) };
  }

  async grants(groupId: number): Promise<Grants> {
    const group = await this.db.kysely
      .selectFrom('user_group')
      .select('rules')
      .where('id', '=', groupId)
      .where('status', '=', '1')
      .executeTakeFirst();
    const merged = mergeRuleLists(group ? [group.rules] : []);
    if (!merged.all && merged.ids.size === 0)
      return { super: false, ruleIds: new Set(), ruleNames: new Set() };
    let rules = this.db.kysely.selectFrom('user_rule').select(['id', 'name']).where('status', '=', '1');
    if (!merged.all) rules = rules.where('id', 'in', [...merged.ids]);
    const rows = await rules.execute();
    return {
      super: merged.all,
      ruleIds: new Set(rows.map((r) => r.id)),
      ruleNames: new Set(rows.map((r) => r.name.toLowerCase())),
    };
  }
}

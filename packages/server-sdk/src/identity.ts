/** Who is asking: the signed-in administrator or member of a request, and the checks on them. */
/**
 * `ADMIN_TOKEN_HEADERS` and `headerToken`: for a route that checks the administrator's token
 * itself, as an event stream does (a browser opens it without the core's sign-in hook).
 */
export {
  ADMIN_TOKEN_HEADERS,
  headerToken,
  requireSuper,
  signedInAdmin,
} from '../../../apps/server/src/auth/admin-auth.js';
/** The one password hash, the same for administrators and members. */
export { hashPassword } from '../../../apps/server/src/auth/passwords.js';
/**
 * An account's signed-in sessions, for the sessions area: the token types that are an
 * administrator's and a member's sessions, and a session as `ctx.tokens.listSessions` answers
 * it (ending one or all others is `ctx.tokens.endSessionById` / `endOtherSessions`).
 */
export { ADMIN_SESSION_TYPES, USER_SESSION_TYPES } from '../../../apps/server/src/auth/session-types.js';
export type { SessionInfo } from '../../../apps/server/src/auth/tokens.js';
export type { AdminIdentity, UserIdentity } from '../../../apps/server/src/auth/types.js';
/** `signedInMember`: the member of a member-centre route, refused with "Please login first" when none. */
export { signedInMember, USER_TOKEN_HEADERS } from '../../../apps/server/src/auth/user-auth.js';
/**
 * Writes that reach the tables deciding who may do what (administrators, their groups): a
 * non-super caller may not get further than the admin screens allow.
 */
export {
  assertSubjectWithinReach,
  permissionSubject,
} from '../../../apps/server/src/features/auth/index.js';

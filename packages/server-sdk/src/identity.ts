/** Who is asking: the signed-in administrator or member of a request, and the checks on them. */
export {
  ADMIN_TOKEN_HEADERS,
  requireSuper,
  signedInAdmin,
} from '../../../apps/server/src/auth/admin-auth.js';
export type { AdminIdentity, UserIdentity } from '../../../apps/server/src/auth/types.js';
export { USER_TOKEN_HEADERS } from '../../../apps/server/src/auth/user-auth.js';

/** Who is asking: the signed-in administrator or member of a request, and the checks on them. */
export { requireSuper, signedInAdmin } from '../../../apps/server/src/auth/admin-auth.js';
/** The one password hash, the same for administrators and members. */
export { hashPassword } from '../../../apps/server/src/auth/passwords.js';
export type { AdminIdentity, UserIdentity } from '../../../apps/server/src/auth/types.js';

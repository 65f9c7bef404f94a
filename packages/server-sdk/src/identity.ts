/** Who is asking: the signed-in administrator or member of a request, and the checks on them. */
export { requireSuper, signedInAdmin } from '../../../apps/server/src/auth/admin-auth.js';
export type { AdminIdentity, UserIdentity } from '../../../apps/server/src/auth/types.js';
/**
 * Writes that reach the tables deciding who may do what (administrators, their groups): a
 * non-super caller may not get further than the admin screens allow.
 */
export {
  assertSubjectWithinReach,
  permissionSubject,
} from '../../../apps/server/src/features/auth/index.js';

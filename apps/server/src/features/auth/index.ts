/**
 * What the auth feature (administrators, groups, rules) offers other features: whose a row of
 * a permission table is, and the refusal of a write to an administrator or group out of the
 * caller's reach. The security logs' restore and rollback write such rows, and must give no
 * more than the admin screens do, so they ask the same rule instead of keeping their own.
 */
export { assertSubjectWithinReach, permissionSubject } from './admin-scope.js';

/**
 * What the auth feature (administrators, groups, rules) offers other features: whose a row of
 * a permission table is, and the refusal of a write to an administrator or group out of the
 * caller's reach. The security logs' restore and rollback write such rows, and must give no
 * more than the admin screens do, so they ask the same rule instead of keeping their own.
 * Sign-in asks whether the administrator's groups require a second factor.
 */
export { assertSubjectWithinReach, permissionSubject } from './admin-scope.js';
export { groupRequiresTwoFactor } from './two-factor-policy.js';

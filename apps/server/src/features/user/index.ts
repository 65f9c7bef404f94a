/**
 * What the user feature (members as the back-office manages them) offers other features: the
 * one way to change a member's balance or points, which writes its log row in the same
 * transaction, and the lock on a member's row. Store orders pay through these, so no other
 * feature writes the `user` table's money columns or races with itself on a member.
 */
export { adjustBalance, MONEY, SCORE } from './balance-log.js';
export { lockMember } from './member-lock.js';

/**
 * Members' balance and points: the one way to change them (the log row is written in the same
 * transaction), and the lock on a member's row.
 */
export {
  adjustBalance,
  type BalanceChange,
  centsToString,
  type Ledger,
  MONEY,
  SCORE,
} from '../../../apps/server/src/ledger/ledger.js';
export { lockMember } from '../../../apps/server/src/ledger/member-lock.js';

/** user/scoreLog: members' points changes. */
import { LedgerPage } from '../ledger-page';

export default function ScoreLog() {
  return <LedgerPage kind="score" />;
}

/** user/scoreLog: members' points changes. */
import { LedgerPage } from '../../../../components/user/ledger-page';

export default function ScoreLog() {
  return <LedgerPage kind="score" />;
}

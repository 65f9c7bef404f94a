/** The member's points changes. */
import { LedgerList } from '../../../../components/member/ledger-list';

export default function Integral() {
  return <LedgerList kind="integral" />;
}

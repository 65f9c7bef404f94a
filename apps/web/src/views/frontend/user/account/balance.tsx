/** The member's balance changes. */
import { LedgerList } from '../../../../components/member/ledger-list';

export default function Balance() {
  return <LedgerList kind="balance" />;
}

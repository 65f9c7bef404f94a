/** user/moneyLog: members' balance changes. */
import { LedgerPage } from '../../../../components/user/ledger-page';

export default function MoneyLog() {
  return <LedgerPage kind="money" />;
}

/** user/moneyLog: members' balance changes. */
import { LedgerPage } from '../ledger-page';

export default function MoneyLog() {
  return <LedgerPage kind="money" />;
}

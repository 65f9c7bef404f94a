/** English: the member centre's texts (its frame, sign-in, registration, account pages, and the members' fields and ledgers it shows), loaded with the member centre, not on the administrators' sign-in page. */
import type { Pack } from '../pack';
import { account, user } from './member-center';
import * as members from './members';

export default {
  user,
  account,
  'user.user': members.user,
  'user.group': members.group,
  'user.rule': members.rule,
  'user.ledger': members.ledger,
} satisfies Pack;

/** English: the member centre's texts (its frame, sign-in, registration, account pages, and the members' fields it shows), loaded with the member centre, not on the administrators' sign-in page. */
import type { Pack } from '../pack';
import { account, user } from './member-center';
import { memberFields } from './member-fields';

export default {
  user,
  account,
  'user.user': memberFields,
} satisfies Pack;

/** The member's signed-in sessions, below their profile form (slot `member-profile.cards`). */
import { ApiController, apiUrl } from '@portico/shared';
import { SessionsCard } from './sessions-card';

export default function MemberSessionsCard() {
  return <SessionsCard base={apiUrl(ApiController.account)} />;
}

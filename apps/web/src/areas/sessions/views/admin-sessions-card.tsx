/** The administrator's signed-in sessions, on their profile (slot `admin-profile.cards`). */
import { AdminController, adminUrl } from '@portico/shared';
import { SessionsCard } from './sessions-card';

export default function AdminSessionsCard() {
  return <SessionsCard base={adminUrl(AdminController.adminInfo)} />;
}

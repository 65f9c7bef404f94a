/**
 * Stream tickets. A browser's EventSource cannot send the `batoken` header, and a token in
 * a URL lands in logs and histories; so the Portico client first asks for a ticket (a
 * normal authenticated request) and opens the stream with that instead. A ticket lives a
 * minute, opens one stream, and is kept like every token: in the token table (so any
 * server process can take it), only as its HMAC. It belongs to the administrator's
 * session: signing out ends it too.
 */
import type { TokenService } from '../auth/tokens.js';
import type { AdminIdentity } from '../auth/types.js';

const TICKET_TTL_SECONDS = 60;
const TYPE = 'terminal-ticket';

export type TicketUse = { state: 'valid'; adminId: number } | { state: 'expired' } | { state: 'missing' };

export class TerminalTickets {
  constructor(private readonly tokens: TokenService) {}

  async issue(admin: AdminIdentity): Promise<string> {
    const family = await this.tokens.familyOf(admin.token);
    return family === null
      ? this.tokens.issue(TYPE, admin.id, TICKET_TTL_SECONDS)
      : this.tokens.issue(TYPE, admin.id, TICKET_TTL_SECONDS, family);
  }

  /** Uses a ticket up: whatever the answer, it opens nothing after this. */
  async use(ticket: string): Promise<TicketUse> {
    const found = await this.tokens.consume(ticket, TYPE);
    if (found.state === 'valid') return { state: 'valid', adminId: found.row.user_id };
    return { state: found.state };
  }
}

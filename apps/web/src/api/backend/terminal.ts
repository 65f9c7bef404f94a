/**
 * The terminal queue's call: a stream ticket. The settings' call is the terminal area's
 * (areas/terminal/api.ts).
 */
import { TERMINAL_TICKET_URL } from '@portico/shared';
import { createAxios } from '../request';

/**
 * A short-lived ticket for one stream: an EventSource cannot send the `batoken` header, and
 * the admin token itself must not travel in a URL.
 */
export function terminalTicket() {
  // Two tasks in a row ask with identical requests; the second must not cancel the first.
  return createAxios<{ ticket: string }>(
    { url: TERMINAL_TICKET_URL, method: 'post' },
    { cancelDuplicateRequest: false },
  );
}

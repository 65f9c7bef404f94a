/** What the server attaches to each request. */
import type { AdminIdentity, UserIdentity } from '../auth/types.js';
import type { Lang } from '../i18n/index.js';

export interface AdminLogNote {
  /** Overrides the title derived from the menu rules (e.g. 'Login'). */
  title?: string;
  /** Who the log is attributed to when nobody is logged in (e.g. the login name tried). */
  username?: string;
  /** The account a successful login signed in, so the entry belongs to it. */
  adminId?: number;
  /** Set by a handler that must not be logged at all. */
  skip?: boolean;
  /** Set by a GET worth an audit entry (an export of a list's personal data); POSTs always are. */
  record?: boolean;
  /** What the entry records beside the request's own data (an import's file and row count). */
  data?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    admin: AdminIdentity | null;
    user: UserIdentity | null;
    adminLog: AdminLogNote;
  }
}

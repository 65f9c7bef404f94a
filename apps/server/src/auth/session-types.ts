/**
 * The token types that make up an account's signed-in sessions: an administrator's and a
 * member's access and refresh tokens. What the sessions area lists and ends
 * (TokenService.listSessions, endSessionById, endOtherSessions), and what an administrator's
 * new password in their profile signs out everywhere else.
 */
import type { TokenType } from '../db/schema.js';

export const ADMIN_SESSION_TYPES = ['admin', 'admin-refresh'] as const satisfies readonly TokenType[];
export const USER_SESSION_TYPES = ['user', 'user-refresh'] as const satisfies readonly TokenType[];

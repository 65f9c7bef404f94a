/**
 * The store is a Portico instance too: it asks its member to sign in with 303 and reports an
 * expired member token with 409, the very codes this site uses for the administrator's own
 * session. Everything the site passes on from the store goes through `marketCode`, so the
 * market screens get the original's market codes (301, 408) and can still tell "the market
 * login is needed" from "the admin session needs refreshing or signing in".
 */
import { LoginState } from '@portico/shared';
import { Code, type EnvelopeCode } from '../../../http/errors.js';

/** The code the site answers for a store answer's `code` (and its `data`, for a 303's type). */
export function marketCode(code: number, data: unknown): EnvelopeCode {
  if (code === Code.tokenExpired) return Code.marketTokenExpired;
  if (code === Code.loginState) {
    // The store's other 303 ('logged in': a member signing in twice) is no reason to end the
    // market login, and must not send the administrator anywhere either: a plain refusal.
    const type = (data as { type?: unknown } | null)?.type;
    return type === LoginState.loggedIn ? Code.error : Code.marketNeedLogin;
  }
  return code as EnvelopeCode;
}

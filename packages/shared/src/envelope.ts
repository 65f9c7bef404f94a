/** The response envelope every business answer uses (HTTP 200). */
export const ResponseCode = {
  error: 0,
  ok: 1,
  navigate: 302,
  loginState: 303,
  noPermission: 401,
  tokenExpired: 409,
  /**
   * The module market's own "sign in to the market" and "market token expired" (as in the
   * original): the site answers these for the store's 303 and 409, so that a market answer is
   * never mistaken for one about the administrator's session on the site.
   */
  marketNeedLogin: 301,
  marketTokenExpired: 408,
} as const;

/** The market's "sign in first" or "token expired": the market login is needed again. */
export function needsMarketLogin(code: number): boolean {
  return code === ResponseCode.marketNeedLogin || code === ResponseCode.marketTokenExpired;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

/** `data.type` of a 303 answer. */
export const LoginState = { needLogin: 'need login', loggedIn: 'logged in' } as const;

/** The response envelope every business answer uses (HTTP 200). */
export const ResponseCode = {
  error: 0,
  ok: 1,
  navigate: 302,
  loginState: 303,
  noPermission: 401,
  tokenExpired: 409,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

/** `data.type` of a 303 answer. */
export const LoginState = { needLogin: 'need login', loggedIn: 'logged in' } as const;

/**
 * Who is signed in, as the server answers it: the administrator of `/admin/index/*` and the
 * member of `/api/user/*` and `/api/index/index`. Shared so the web's request layer and stores
 * read the same shape the server writes (the request layer imports no store: docs/architecture.md, "Layers"). The
 * tokens ride along with the login answers; the index answers leave them out.
 */

export interface AdminInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  /** As the original answers it: `Y-m-d H:i:s` in the site's time zone, '' before any. */
  last_login_time: string;
  token: string;
  refresh_token: string;
  super: boolean;
}

export interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  gender: number;
  birthday: string | null;
  /** Money on the wire: a 2-decimal string. */
  money: string;
  score: number;
  last_login_time: number | null;
  last_login_ip: string;
  join_time: number | null;
  motto: string;
  token: string;
  refresh_token: string;
}

/** The module store is another Portico site: its member answers are a UserInfo, of which the market keeps this. */
export type MarketMember = Pick<
  UserInfo,
  'id' | 'username' | 'nickname' | 'avatar' | 'email' | 'mobile' | 'gender' | 'score' | 'money'
>;

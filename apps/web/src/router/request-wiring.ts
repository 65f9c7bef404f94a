/**
 * Hands the request layer the router and the stores it works with (docs/architecture.md, "Layers"): the layer in
 * api/ may not import them, because they import the API themselves. main.tsx calls this once
 * before the first request; the web tests' setup does the same, so they run the app as booted.
 * The market's login is handed to the market API by its views (views/backend/module/market-session.ts).
 */
import { type Area, configureRequest } from '../api/request';
import { useAdminInfo } from '../stores/admin-info';
import { useConfig } from '../stores/config';
import { useUserInfo } from '../stores/user-info';
import { currentPath, navigateTo, ROUTE_PATHS } from './navigation';

const SESSIONS = { admin: useAdminInfo, user: useUserInfo } as const;
const LOGIN_PATHS: Record<Area, string> = { admin: ROUTE_PATHS.adminLogin, user: ROUTE_PATHS.userLogin };

export function wireRequestLayer(): void {
  configureRequest({
    currentPath,
    navigate: (target) => navigateTo(target),
    loginPath: (area) => LOGIN_PATHS[area],
    language: () => useConfig.getState().lang.defaultLang,
    token: (area, kind) => {
      const session = SESSIONS[area].getState();
      return kind === 'auth' ? session.token : session.refresh_token;
    },
    setToken: (area, token, kind) => SESSIONS[area].getState().setToken(token, kind),
    signOut: (area) => SESSIONS[area].getState().clear(),
  });
}

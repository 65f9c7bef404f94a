/** The member centre's pages and menus of this page view (not persisted). */
import { create } from 'zustand';
import type { MemberRoutes } from './member-routes';

interface MemberCenterStore extends MemberRoutes {
  /** Whether /api/index/index has been loaded for the signed-in member. */
  ready: boolean;
  /** Whether sending a verification code asks for an image captcha first. */
  sendCodeCaptcha: boolean;
  set(routes: MemberRoutes): void;
  setSendCodeCaptcha(on: boolean): void;
  reset(): void;
}

const EMPTY: MemberRoutes = { pages: new Map(), groups: [], navs: [], userMenus: [] };

export const useMemberCenterStore = create<MemberCenterStore>()((set) => ({
  ...EMPTY,
  ready: false,
  sendCodeCaptcha: true,
  set: (routes) => set({ ...routes, ready: true }),
  setSendCodeCaptcha: (on) => set({ sendCodeCaptcha: on }),
  reset: () => set({ ...EMPTY, ready: false }),
}));

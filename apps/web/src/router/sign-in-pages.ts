/**
 * The sign-in pages, which a visitor's first load often is: the route table (index.tsx) routes
 * them, and a cold load of one is drawn without the router at all (sign-in-shell.tsx), so the
 * router, the route table and the back office stay out of that first load.
 */
import type { ComponentType } from 'react';
import { loadFrontendTexts } from '../lang';

/** A page of an area whose texts load with it (lang/index.ts): both, before it renders. */
export const withTexts =
  <T>(load: () => Promise<T>, texts: () => Promise<void>) =>
  () =>
    Promise.all([load(), texts()]).then(([loaded]) => loaded);

export interface SignInPage {
  /** Translation key of the page title. */
  title: string;
  load(): Promise<{ default: ComponentType }>;
  /**
   * What the page asks the server before it can draw its form, asked on a cold load while the
   * code loads (main.tsx), which draws the page once it is answered or failed.
   */
  ask?(): Promise<void>;
}

export const SIGN_IN_PAGES = {
  '/admin/login': { title: 'pagesTitle.adminLogin', load: () => import('../views/backend/login') },
  '/user/login': {
    title: 'pagesTitle.userLogin',
    load: withTexts(() => import('../views/frontend/user/login'), loadFrontendTexts),
    // Whether the member centre is open: the page shows its form or says it is closed.
    ask: () =>
      Promise.all([
        import('../api/frontend').then((m) => m.frontIndex()),
        import('../views/frontend/user/use-member-center'),
      ]).then(([{ data }, hook]) => hook.answerBeforeMount(data)),
  },
} satisfies Record<string, SignInPage>;

/** The sign-in page at `path` (a trailing slash and the letters' case ignored, as the router does). */
export function signInPageAt(path: string): SignInPage | undefined {
  const normalised = path.replace(/\/+$/, '').toLowerCase();
  return Object.hasOwn(SIGN_IN_PAGES, normalised)
    ? SIGN_IN_PAGES[normalised as keyof typeof SIGN_IN_PAGES]
    : undefined;
}

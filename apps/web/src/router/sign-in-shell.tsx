/**
 * A sign-in page loaded cold, drawn without the router (sign-in-pages.ts): what the root
 * shell does around a route — the browser title, the first-load overlay, navigation for code
 * outside React — for that one page. Navigating away (signed in, or already signed in) changes
 * the address and starts the app with the router there (main.tsx).
 */
import { type ComponentType, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { removeDrawnPage } from '../components/login/drawn-form';
import { useSiteConfig } from '../stores/site-config';
import { composeTitle } from '../utils/title';
import { removeBlockLoading } from './block-loading';
import { setNavigator } from './navigation';
import type { SignInPage } from './sign-in-pages';

export function SignInShell({ page, Page }: { page: SignInPage; Page: ComponentType }) {
  const { t } = useTranslation();
  const siteName = useSiteConfig((s) => s.siteName);

  // The form is drawn: nothing to cover (the overlay's delay is for pages still fetching their
  // data). Before the browser paints it: removed after that paint, the overlay hid the finished
  // form for one more frame, and the removal cost a second layout. So is the page drawn at build
  // time, whose form has handed on what was typed (its layout effect ran before this one).
  useLayoutEffect(() => {
    removeBlockLoading(0);
    removeDrawnPage();
  }, []);

  useEffect(() => {
    document.title = composeTitle(t(page.title), siteName);
  }, [page.title, siteName, t]);

  return <Page />;
}

/**
 * Until the app with the router runs, a navigation (the page's own, or the request layer's)
 * moves the address to its target and calls `startApp`, once; the router then takes over
 * navigation (root-shell.tsx).
 */
export function navigateByStarting(startApp: () => void): void {
  let started = false;
  setNavigator((to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    if (started) return;
    started = true;
    startApp();
  });
}

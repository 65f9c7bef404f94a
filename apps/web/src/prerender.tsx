/**
 * Build-time entry (build/prerender-sign-in.ts builds it for Node and runs it once, never in a
 * browser): the sign-in pages drawn to HTML as a first-time visitor's browser draws them (the
 * default language, light), with antd's styles for that markup. The server answers
 * /admin/login and /user/login with them, so the form shows once the HTML and its stylesheets
 * are in; the app then draws its own beside it, which takes what was typed
 * (components/login/drawn-form.ts).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { SITE_NAME_MARK } from '@portico/shared/web-build';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { initI18n, loadFrontendTexts } from './lang';
import { ThemeRoot } from './router/theme-root';
import { useConfig } from './stores/config';
import { useSiteConfig } from './stores/site-config';
import AdminLogin from './views/backend/login';
import UserLogin from './views/frontend/user/login';
import { answerBeforeMount } from './views/frontend/user/use-member-center';

export interface Prerendered {
  /** The page's markup, for inside `#drawn` (build/prerender-sign-in.ts). */
  html: string;
  /** antd's `<style>` elements for it. */
  styles: string;
  /** The language it is drawn in: a first-time visitor's (nothing stored in Node). */
  lang: string;
}

/** `Page` drawn with the core's texts and what `texts` adds (initI18n starts them anew). */
async function draw(Page: ComponentType, texts?: () => Promise<void>): Promise<Prerendered> {
  const lang = useConfig.getState().lang.defaultLang;
  await initI18n(lang);
  await texts?.();
  const cache = createCache();
  // The same tree as main.tsx's (sign-in-shell.tsx adds no element around the page).
  const html = renderToString(
    <StyleProvider cache={cache}>
      <ThemeRoot locale={lang === 'en' ? enUS : zhCN}>
        <Page />
      </ThemeRoot>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache), lang };
}

export function prerenderAdminLogin(): Promise<Prerendered> {
  return draw(AdminLogin);
}

/**
 * The members' page as the app first draws it on a cold load: the site's answer to
 * /api/index/index is in (router/sign-in-pages.ts asks it while the code loads), the member
 * centre open; the form's own settings (captcha, channels) not yet. The site's name is the mark
 * the server replaces. (The page reads it from that answer: drawn on the server, a store shows
 * its initial state.)
 */
export function prerenderUserLogin(): Promise<Prerendered> {
  const { recordNumber, version, cdnUrl, upload } = useSiteConfig.getState();
  answerBeforeMount({
    site: { siteName: SITE_NAME_MARK, recordNumber, version, cdnUrl, upload },
    openMemberCenter: true,
    sendCodeCaptcha: false,
    userInfo: null,
    rules: [],
    menus: [],
  });
  return draw(UserLogin, loadFrontendTexts);
}

/**
 * Build-time entry (build/prerender-sign-in.ts builds it for Node and runs it once, never in a
 * browser): the administrators' sign-in page drawn to HTML as a first-time visitor's browser
 * draws it (the default language, light), with antd's styles for that markup. The server answers
 * /admin/login with it, so the form shows once the HTML and its stylesheets are in; the app then
 * draws its own beside it, which takes what was typed (components/login/drawn-form.ts).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import { initI18n } from './lang';
import { ThemeRoot } from './router/theme-root';
import { useConfig } from './stores/config';
import AdminLogin from './views/backend/login';

export interface Prerendered {
  /** The page's markup, for inside `#drawn` (build/prerender-sign-in.ts). */
  html: string;
  /** antd's `<style>` elements for it. */
  styles: string;
  /** The language it is drawn in: a first-time visitor's (nothing stored in Node). */
  lang: string;
}

export async function prerenderAdminLogin(): Promise<Prerendered> {
  const lang = useConfig.getState().lang.defaultLang;
  await initI18n(lang);
  const cache = createCache();
  // The same tree as main.tsx's (sign-in-shell.tsx adds no element around the page).
  const html = renderToString(
    <StyleProvider cache={cache}>
      <ThemeRoot locale={lang === 'en' ? enUS : zhCN}>
        <AdminLogin />
      </ThemeRoot>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache), lang };
}

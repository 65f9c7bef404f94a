/**
 * Boot: the request layer wired to the router and stores (before any call), the modules'
 * registry to the layers below it, the active language's pack and antd locale, then the app.
 * A cold load of a sign-in page draws that page without the router (router/sign-in-shell.tsx):
 * the router and the back office load when the visitor leaves it.
 */
// antd's own components import en_US anyway; zh_CN is small: both are bundled.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { removeDrawnPage } from './components/login/drawn-form';
import { initI18n } from './lang';
import { wireModules } from './router/module-wiring';
import { wireRequestLayer } from './router/request-wiring';
import { signInPageAt } from './router/sign-in-pages';
import { navigateByStarting, SignInShell } from './router/sign-in-shell';
import { ThemeRoot } from './router/theme-root';
import { useConfig } from './stores/config';
import './styles/index.css';

async function boot(): Promise<void> {
  wireRequestLayer();
  wireModules();
  const lang = useConfig.getState().lang.defaultLang;
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  const signInPage = signInPageAt(window.location.pathname);
  // The code to draw loads while the language pack does.
  const loadApp = () => import('./App');
  // What the page asks the server before it draws, asked meanwhile; a failed answer it asks again.
  const pageCode = signInPage
    ? Promise.all([signInPage.load(), signInPage.ask?.().catch(() => {})]).then(([page]) => page)
    : undefined;
  if (!pageCode) void loadApp();
  await initI18n(lang);
  const element = document.getElementById('app');
  if (!element) return;
  const root = createRoot(element);
  const locale = lang === 'en' ? enUS : zhCN;
  const startApp = () => void loadApp().then(({ App }) => root.render(<App locale={locale} />));
  // A page whose code failed to load is left to the router, which shows the failure (not the
  // page drawn at build time, whose form could not sign in).
  const Page = await pageCode?.then((module) => module.default).catch(() => undefined);
  if (!signInPage || !Page) {
    removeDrawnPage();
    return startApp();
  }
  navigateByStarting(startApp);
  root.render(
    <ThemeRoot locale={locale}>
      <SignInShell page={signInPage} Page={Page} />
    </ThemeRoot>,
  );
}

void boot();

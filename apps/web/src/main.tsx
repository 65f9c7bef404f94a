/**
 * Boot: the request layer wired to the router and stores (before any call), the modules'
 * registry to the layers below it, the active language's pack and antd locale, then the app.
 */
// antd's own components import en_US anyway; zh_CN is small: both are bundled.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './lang';
import { wireModules } from './router/module-wiring';
import { wireRequestLayer } from './router/request-wiring';
import { useConfig } from './stores/config';
import './styles/index.css';

async function boot(): Promise<void> {
  wireRequestLayer();
  wireModules();
  const lang = useConfig.getState().lang.defaultLang;
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  await initI18n(lang);
  const root = document.getElementById('app');
  if (root) createRoot(root).render(<App locale={lang === 'en' ? enUS : zhCN} />);
}

void boot();

/** Boot: the active language's pack and antd locale first, then the app. */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './lang';
import { useConfig } from './stores/config';
import './styles/index.css';

async function boot(): Promise<void> {
  const lang = useConfig.getState().lang.defaultLang;
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  const [, locale] = await Promise.all([
    initI18n(lang),
    lang === 'en' ? import('antd/es/locale/en_US') : import('antd/es/locale/zh_CN'),
  ]);
  const root = document.getElementById('app');
  if (root) createRoot(root).render(<App locale={locale.default} />);
}

void boot();

/**
 * antd's theme and locale around the router. Dark mode switches antd's algorithm too, also
 * for messages and notifications raised outside components (the request layer).
 */
import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { useConfig } from './stores/config';

export const PRIMARY_COLOR = '#409eff';

export function App({ locale }: { locale: Locale }) {
  const isDark = useConfig((s) => s.layout.isDark);
  const themeConfig: ThemeConfig = {
    algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: PRIMARY_COLOR },
  };
  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={locale} theme={themeConfig}>
          {children}
        </ConfigProvider>
      ),
    });
  });
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

/** antd's theme and locale around the router. Dark mode switches antd's algorithm too. */
import { App as AntApp, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { useConfig } from './stores/config';

export const PRIMARY_COLOR = '#409eff';

export function App({ locale }: { locale: Locale }) {
  const isDark = useConfig((s) => s.layout.isDark);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
  }, [isDark]);
  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: PRIMARY_COLOR },
      }}
    >
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

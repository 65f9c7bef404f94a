/** The app with the router, inside the theme (router/theme-root.tsx). */
import type { Locale } from 'antd/es/locale';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { ThemeRoot } from './router/theme-root';

export function App({ locale }: { locale: Locale }) {
  return (
    <ThemeRoot locale={locale}>
      <RouterProvider router={router} />
    </ThemeRoot>
  );
}

/**
 * antd's theme and locale around the router. Dark mode switches antd's algorithm too, also
 * for messages and notifications raised outside components (the request layer). The theme's
 * focus ring is handed to the page's own controls as CSS variables (styles/index.css).
 */
import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { useConfig } from './stores/config';

/**
 * A blue that white text reads on, and that reads as text on white, at 4.5:1 (WCAG AA); the
 * lighter #409eff of the original gave 2.8:1 on buttons, links, tabs and the active menu item.
 */
export const PRIMARY_COLOR = '#1e66d0';

/**
 * The light theme's texts at 4.5:1 on their backgrounds: antd's defaults give secondary text,
 * placeholders, danger buttons and status tags about 2 to 3.4:1.
 */
const LIGHT: ThemeConfig = {
  token: {
    colorInfo: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  components: {
    // A tag's text takes the 7th shade of its colour on the 1st: one to two shades darker
    // where that is too light. Status tags ('success', 'warning') likewise.
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#874d00',
      green7: '#237804',
      cyan7: '#006d75',
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
    },
    // Solid buttons in a preset colour carry white text on the 6th shade.
    Button: { green6: '#237804', orange6: '#ad4e00' },
  },
};

/** antd's colours that the app's own styles read (as `var(--ant-…)`), set on the whole page. */
const PAGE_TOKENS = [
  'colorPrimary',
  'colorSuccess',
  'colorSuccessBg',
  'colorError',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextQuaternary',
  'colorBorder',
  'colorBorderSecondary',
  'colorBgContainer',
  'colorFillQuaternary',
] as const;

/**
 * antd scopes its CSS variables to its components' elements, so outside them (a footer, a
 * link, a focus ring) `var(--ant-…)` fell back to hard-coded colours. The theme's values go
 * on the root element instead, and its focus ring for the page's own controls.
 */
function exposeTokens(config: ThemeConfig): void {
  const token = theme.getDesignToken(config);
  const root = document.documentElement.style;
  for (const name of PAGE_TOKENS) {
    root.setProperty(`--ant-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(token[name]));
  }
  root.setProperty('--ba-focus-ring', token.colorPrimaryBorder);
  root.setProperty('--ba-focus-width', `${token.lineWidthFocus}px`);
}

export function App({ locale }: { locale: Locale }) {
  const isDark = useConfig((s) => s.layout.isDark);
  const themeConfig: ThemeConfig = isDark
    ? { algorithm: theme.darkAlgorithm, token: { colorPrimary: PRIMARY_COLOR } }
    : {
        ...LIGHT,
        algorithm: theme.defaultAlgorithm,
        token: { ...LIGHT.token, colorPrimary: PRIMARY_COLOR },
      };
  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
    exposeTokens(themeConfig);
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

/**
 * antd's theme and locale around the app, whichever shell draws it (App.tsx with the router,
 * sign-in-shell.tsx without). Dark mode switches antd's algorithm too, also for messages and
 * notifications raised outside components (the request layer). The theme's focus ring is
 * handed to the page's own controls as CSS variables (styles/index.css). A visitor whose system
 * asks for less motion gets none of antd's (dialogs, menus, messages appear and go at once); the
 * app's own animations stop under the same media query in its styles.
 */
import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect } from 'react';
import { useConfig } from '../stores/config';
import { DARK, LIGHT } from '../theme';
import { usePrefersReducedMotion } from '../utils/reduced-motion';

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

export function ThemeRoot({ locale, children }: { locale: Locale; children: ReactNode }) {
  const isDark = useConfig((s) => s.layout.isDark);
  const motion = !usePrefersReducedMotion();
  const base = isDark ? DARK : LIGHT;
  const themeConfig: ThemeConfig = {
    ...base,
    token: { ...base.token, motion },
    algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
  };
  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
    exposeTokens(themeConfig);
    ConfigProvider.config({
      holderRender: (held) => (
        <ConfigProvider locale={locale} theme={themeConfig}>
          {held}
        </ConfigProvider>
      ),
    });
  });
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      {children}
    </ConfigProvider>
  );
}

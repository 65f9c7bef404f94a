/**
 * Layout and language settings, persisted under `storeConfig_v2` (the original's storage key
 * and settings: docs/architecture.md, "Wire contract"). Every colour is a [light, dark] pair;
 * the drawer edits the half of the current theme.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Lang } from '../lang';
import { DARK_PRIMARY, PRIMARY_COLOR } from '../theme';
import { CONFIG_STORAGE_KEY } from './storage-keys';

// Declared by the language layer, below the stores; re-exported for the screens that read it here.
export type { Lang };
export type LayoutMode = 'Default' | 'Classic' | 'Streamline';
export type ColorPair = [light: string, dark: string];

const COLOR_KEYS = [
  'menuBackground',
  'menuColor',
  'menuActiveBackground',
  'menuActiveColor',
  'menuTopBarBackground',
  'headerBarTabColor',
  'headerBarTabActiveBackground',
  'headerBarTabActiveColor',
  'headerBarBackground',
  'headerBarHoverBackground',
] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

export const PAGE_ANIMATIONS = [
  'slide-right',
  'slide-left',
  'el-fade-in-linear',
  'el-fade-in',
  'el-zoom-in-center',
  'el-zoom-in-top',
  'el-zoom-in-bottom',
] as const;

export interface LayoutSettings extends Record<ColorKey, ColorPair> {
  showDrawer: boolean;
  shrink: boolean;
  layoutMode: LayoutMode;
  mainAnimation: (typeof PAGE_ANIMATIONS)[number];
  isDark: boolean;
  menuWidth: number;
  menuDefaultIcon: string;
  menuCollapse: boolean;
  menuUniqueOpened: boolean;
  menuShowTopBar: boolean;
}

export interface LangSettings {
  defaultLang: Lang;
  fallbackLang: Lang;
  langArray: { name: Lang; value: string }[];
}

export const DEFAULT_LAYOUT: LayoutSettings = {
  showDrawer: false,
  shrink: false,
  layoutMode: 'Default',
  mainAnimation: 'slide-right',
  isDark: false,
  menuWidth: 260,
  menuDefaultIcon: 'fa fa-minus',
  menuCollapse: false,
  menuUniqueOpened: false,
  menuShowTopBar: true,
  menuBackground: ['#ffffff', '#1d1e1f'],
  menuColor: ['#303133', '#CFD3DC'],
  menuActiveBackground: ['#ffffff', '#1d1e1f'],
  // Each theme's primary colour (theme.ts), which reads at 4.5:1 on the menu.
  menuActiveColor: [PRIMARY_COLOR, DARK_PRIMARY],
  menuTopBarBackground: ['#fcfcfc', '#1d1e1f'],
  headerBarTabColor: ['#000000', '#CFD3DC'],
  headerBarTabActiveBackground: ['#ffffff', '#1d1e1f'],
  headerBarTabActiveColor: ['#000000', '#409EFF'],
  headerBarBackground: ['#ffffff', '#1d1e1f'],
  headerBarHoverBackground: ['#f5f5f5', '#18222c'],
};

const DEFAULT_LANG: LangSettings = {
  defaultLang: 'zh-cn',
  fallbackLang: 'zh-cn',
  langArray: [
    { name: 'zh-cn', value: '中文简体' },
    { name: 'en', value: 'English' },
  ],
};

interface ConfigStore {
  layout: LayoutSettings;
  lang: LangSettings;
  setLayout<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void;
  /** Sets the current theme's half of a colour pair. */
  setColor(key: ColorKey, value: string): void;
  setLang(lang: Lang): void;
  /**
   * Switches the layout mode. With the default colours, Classic's active tab takes the page
   * background so it stands out from the full-width top bar; leaving Classic restores it.
   */
  setLayoutMode(mode: LayoutMode): void;
  restoreDefaults(): void;
}

const CLASSIC_ACTIVE_TAB: ColorPair = ['#f5f5f5', '#141414'];

function samePair(a: ColorPair, b: ColorPair): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * Dark colours an older build saved as its defaults and that read below 4.5:1: every visit
 * saves the layout, so without this a returning visitor would keep them. Declared before the
 * store, which reads the saved settings as it is created.
 */
const RETIRED_DARK_DEFAULTS: Partial<Record<ColorKey, string>> = { menuActiveColor: '#3375b9' };

function withoutRetiredDefaults(layout: LayoutSettings): LayoutSettings {
  const renewed = { ...layout };
  for (const [key, retired] of Object.entries(RETIRED_DARK_DEFAULTS) as [ColorKey, string][]) {
    if (renewed[key][1] === retired) renewed[key] = [renewed[key][0], DEFAULT_LAYOUT[key][1]];
  }
  return renewed;
}

export const useConfig = create<ConfigStore>()(
  persist(
    (set) => ({
      layout: DEFAULT_LAYOUT,
      lang: DEFAULT_LANG,
      setLayout: (key, value) => set((s) => ({ layout: { ...s.layout, [key]: value } })),
      setColor: (key, value) =>
        set((s) => {
          const pair: ColorPair = [...s.layout[key]];
          pair[s.layout.isDark ? 1 : 0] = value;
          return { layout: { ...s.layout, [key]: pair } };
        }),
      setLang: (lang) => set((s) => ({ lang: { ...s.lang, defaultLang: lang } })),
      setLayoutMode: (mode) =>
        set((s) => {
          const current = s.layout.headerBarTabActiveBackground;
          let tab = current;
          if (mode === 'Classic' && samePair(current, DEFAULT_LAYOUT.headerBarTabActiveBackground)) {
            tab = CLASSIC_ACTIVE_TAB;
          } else if (mode !== 'Classic' && samePair(current, CLASSIC_ACTIVE_TAB)) {
            tab = DEFAULT_LAYOUT.headerBarTabActiveBackground;
          }
          return { layout: { ...s.layout, layoutMode: mode, headerBarTabActiveBackground: tab } };
        }),
      restoreDefaults: () => set({ layout: DEFAULT_LAYOUT }),
    }),
    {
      name: CONFIG_STORAGE_KEY,
      partialize: (s) => ({ layout: s.layout, lang: s.lang }),
      // Settings saved by an older build may lack newer keys: defaults fill the gaps.
      merge: (saved, current) => {
        const s = (saved ?? {}) as Partial<Pick<ConfigStore, 'layout' | 'lang'>>;
        return {
          ...current,
          layout: withoutRetiredDefaults({ ...DEFAULT_LAYOUT, ...s.layout }),
          lang: { ...DEFAULT_LANG, ...s.lang },
        };
      },
    },
  ),
);

/** The current theme's value of a colour pair. */
export function themeColor(layout: LayoutSettings, key: ColorKey): string {
  return layout[key][layout.isDark ? 1 : 0];
}

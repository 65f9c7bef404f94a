/**
 * antd's theme for the light and the dark interface: every text at 4.5:1 (WCAG AA) on what
 * it is drawn on. antd's defaults fall short in both: secondary text, placeholders, danger
 * buttons and status tags at about 2 to 3.4:1 in light; in dark, its algorithm darkens the
 * primary blue, so links, the selected menu item, the active tab and tags read at 2.1 to 3.5:1.
 */
import type { ThemeConfig } from 'antd';

/**
 * A blue that white text reads on, and that reads as text on white, at 4.5:1; the lighter
 * #409eff of the original gave 2.8:1 on buttons, links, tabs and the active menu item.
 */
export const PRIMARY_COLOR = '#1e66d0';

/**
 * The dark theme's blue (after antd's dark algorithm: #5c99dc), as text on the page, the
 * menu and the selected item's tint (5.1 to 6.2:1). No blue can carry white text at 4.5:1
 * and read at 4.5:1 on a near-black page, so solid buttons carry dark text instead.
 */
const DARK_PRIMARY_SEED = '#69b1ff';
/** The dark primary as drawn, for the app's own styles (the menu's selected item, the logo). */
export const DARK_PRIMARY = '#5c99dc';
/** A red that reads on the dark page (#dc6966 after the algorithm: 5 to 5.5:1). */
const DARK_ERROR_SEED = '#ff7875';
/** What solid buttons and tags write on the dark theme's light blue, red and green (6 to 7:1). */
const DARK_SOLID_TEXT = '#141414';
/** The selected item's and status tags' tint: antd's is too light for the blue on it. */
const DARK_PRIMARY_TINT = '#1a2636';

/** Solid buttons in a preset colour carry white text on the 6th shade: one dark enough for it. */
const PRESET_BUTTONS = { green6: '#237804', orange6: '#ad4e00' };

export const LIGHT: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
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
    Button: PRESET_BUTTONS,
  },
};

export const DARK: ThemeConfig = {
  token: {
    colorPrimary: DARK_PRIMARY_SEED,
    colorInfo: DARK_PRIMARY_SEED,
    colorLink: DARK_PRIMARY_SEED,
    colorError: DARK_ERROR_SEED,
    colorPrimaryBg: DARK_PRIMARY_TINT,
    colorInfoBg: DARK_PRIMARY_TINT,
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
  },
  components: {
    Button: { ...PRESET_BUTTONS, primaryColor: DARK_SOLID_TEXT, dangerColor: DARK_SOLID_TEXT },
    // Solid status tags (a module's state) fill with the status colour, light in dark mode.
    Tag: { colorTextLightSolid: DARK_SOLID_TEXT },
  },
};

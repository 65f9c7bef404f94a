/**
 * The icons of the click captcha: filled silhouettes from Ant Design's icon set (the
 * `@ant-design/icons-svg` package, whose path data is read from it, not copied), drawn into
 * pixels by raster.ts and never sent as markup, with their labels in both languages.
 */
import { createRequire } from 'node:module';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types.js';

export interface ClickCaptchaIcon {
  /** English label, also the icon's name. */
  en: string;
  /** Chinese label. */
  zh: string;
  /** SVG path data (nonzero fill) in the icon set's 64..960 square. */
  d: string;
}

/** The icon set's viewBox, `64 64 896 896`. */
export const ICON_VIEWBOX = { x: 64, y: 64, size: 896 } as const;

// The package is CommonJS; each icon is a small file of its own, so only these 24 are loaded.
const require = createRequire(import.meta.url);

function icon(en: string, zh: string, file: string): ClickCaptchaIcon {
  const definition = (require(`@ant-design/icons-svg/lib/asn/${file}.js`) as { default: IconDefinition })
    .default;
  const { icon: svg } = definition;
  if (typeof svg === 'function') throw new Error(`icon ${en} is two-tone`);
  const paths = (svg.children ?? []).filter((child) => child.tag === 'path');
  return { en, zh, d: paths.map((path) => String(path.attrs.d)).join(' ') };
}

export const CLICK_CAPTCHA_ICONS: readonly ClickCaptchaIcon[] = [
  icon('apple', '苹果', 'AppleFilled'),
  icon('bell', '铃铛', 'BellFilled'),
  icon('fire', '火焰', 'FireFilled'),
  icon('bug', '虫子', 'BugFilled'),
  icon('car', '汽车', 'CarFilled'),
  icon('gift', '礼物', 'GiftFilled'),
  icon('heart', '爱心', 'HeartFilled'),
  icon('house', '房子', 'HomeFilled'),
  icon('star', '星星', 'StarFilled'),
  icon('lightning', '闪电', 'ThunderboltFilled'),
  icon('trophy', '奖杯', 'TrophyFilled'),
  icon('light bulb', '灯泡', 'BulbFilled'),
  icon('camera', '相机', 'CameraFilled'),
  icon('crown', '皇冠', 'CrownFilled'),
  icon('lock', '锁', 'LockFilled'),
  icon('envelope', '信封', 'MailFilled'),
  icon('phone', '电话', 'PhoneFilled'),
  icon('cloud', '云朵', 'CloudFilled'),
  icon('flag', '旗帜', 'FlagFilled'),
  icon('shirt', '衣服', 'SkinFilled'),
  icon('smiley', '笑脸', 'SmileFilled'),
  icon('hourglass', '沙漏', 'HourglassFilled'),
  icon('shopping bag', '购物袋', 'ShoppingFilled'),
  icon('pushpin', '图钉', 'PushpinFilled'),
];

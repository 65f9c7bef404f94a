/**
 * Config rows of a fresh install: the original's 14 rows (ids 1-14) plus Portico's additions, which
 * hold settings the original kept in PHP config files. The 'upload' and 'terminal' groups are not
 * listed in config_group, so the config screen does not show them.
 * Every row carries every column (see admin-rules.ts).
 *
 * Titles (and config_group's group titles) are stored as English language keys, translated for
 * the reader by the server's language pack (src/i18n), as in the original; tips and option labels
 * are stored in Chinese (as the original stores its tips), each seeded with its English beside it
 * for English screens (src/i18n/seeded-titles.ts).
 */
import type { Insertable } from 'kysely';
import type { ConfigTable } from '../schema.js';
import { rowsOf, type Seeded, type SeedTitle } from './seeded.js';

type ConfigRow = Insertable<ConfigTable>;

/**
 * Where the original ships placeholders (a '站点名称' site name, a sample ICP filing number)
 * and its vendor's market (api_url), Portico names itself and points nowhere: an empty
 * api_url is this instance's own market, an empty filing number is not shown.
 */
export const PORTICO_DEFAULTS = { site_name: 'Portico', record_number: '', api_url: '' } as const;

/**
 * The terminal's package manager on a fresh install: npm is on every machine Node is, and it
 * keeps the project's one lockfile (package-lock.json) current; a pnpm install would leave a
 * second lockfile and let `npm ci` fail on the stale first one. The original defaulted to pnpm.
 */
export const TERMINAL_DEFAULT_MANAGER = 'npm';
export const TERMINAL_ORIGINAL_MANAGER = 'pnpm';

/** The values the original (and Portico's first installs) seeded in their place. */
export const ORIGINAL_PLACEHOLDERS = {
  site_name: '站点名称',
  record_number: '渝ICP备8888888号-1',
  api_url: 'https://buildadmin.com',
} as const;

/** A text stored as it is (English, or not words at all), or seeded Chinese with its English. */
type Text = string | SeedTitle;

interface Extra {
  tip?: Text;
  type?: string;
  rule?: string;
  /** The choices of a select, radio or checkbox item: label by value. */
  options?: Record<string, Text>;
  weigh?: number;
}

/** The English of a seeded item's Chinese texts. */
export interface ConfigEnglish {
  tip?: string;
  /** Option labels by option value. */
  options?: Record<string, string>;
}

export type SeededConfig = Seeded<ConfigRow, ConfigEnglish>;

const stored = (text: Text): string => (typeof text === 'string' ? text : text[0]);
const english = (text: Text): string | undefined => (typeof text === 'string' ? undefined : text[1]);

export function config(
  id: number,
  name: string,
  group: string,
  title: string,
  value: string | null,
  extra: Extra = {},
): SeededConfig {
  const options = Object.entries(extra.options ?? {});
  const translated = options.flatMap(([key, label]) => {
    const en = english(label);
    return en === undefined ? [] : [[key, en] as const];
  });
  const tip = extra.tip === undefined ? undefined : english(extra.tip);
  return {
    row: {
      id,
      name,
      group,
      title,
      tip: extra.tip === undefined ? '' : stored(extra.tip),
      type: extra.type ?? 'string',
      value,
      content: extra.options
        ? JSON.stringify(Object.fromEntries(options.map(([key, label]) => [key, stored(label)])))
        : null,
      rule: extra.rule ?? '',
      extend: '',
      allow_del: 0,
      weigh: extra.weigh ?? 0,
    },
    en: {
      ...(tip === undefined ? {} : { tip }),
      ...(translated.length ? { options: Object.fromEntries(translated) } : {}),
    },
  };
}

const CONFIG_GROUP =
  '[{"key":"basics","value":"Basics"},{"key":"mail","value":"Mail"},{"key":"config_quick_entrance","value":"Config Quick entrance"}]';
/** The config screen's buttons to other settings pages: `key` is the label, `value` the rule name. */
export const SEEDED_QUICK_ENTRANCES: Seeded<{ key: string; value: string }>[] = [
  { row: { key: '数据回收规则配置', value: 'security/dataRecycle' }, en: 'Data recycle rules' },
  { row: { key: '敏感数据规则配置', value: 'security/sensitiveData' }, en: 'Sensitive data rules' },
];
const QUICK_ENTRANCE = JSON.stringify(rowsOf(SEEDED_QUICK_ENTRANCES));

export const SEEDED_CONFIG_ROWS: SeededConfig[] = [
  config(1, 'config_group', 'basics', 'Config group', CONFIG_GROUP, {
    type: 'array',
    rule: 'required',
    weigh: -1,
  }),
  config(2, 'site_name', 'basics', 'Site Name', PORTICO_DEFAULTS.site_name, { rule: 'required', weigh: 99 }),
  config(3, 'record_number', 'basics', 'Record number', PORTICO_DEFAULTS.record_number, {
    tip: ['域名备案号', "The domain's ICP filing number"],
  }),
  config(4, 'version', 'basics', 'Version number', 'v1.0.0', {
    tip: ['系统版本号', 'The version number of the system'],
    rule: 'required',
  }),
  config(5, 'time_zone', 'basics', 'time zone', 'Asia/Shanghai', { rule: 'required' }),
  config(6, 'no_access_ip', 'basics', 'No access ip', null, {
    tip: ['禁止访问站点的ip列表,一行一个', 'IP addresses not allowed to visit the site, one per line'],
    type: 'textarea',
  }),
  config(7, 'smtp_server', 'mail', 'smtp server', 'smtp.qq.com', { weigh: 9 }),
  config(8, 'smtp_port', 'mail', 'smtp port', '465', { weigh: 8 }),
  config(9, 'smtp_user', 'mail', 'smtp user', '', { weigh: 7 }),
  config(10, 'smtp_pass', 'mail', 'smtp pass', '', { weigh: 6 }),
  config(11, 'smtp_verification', 'mail', 'smtp verification', 'SSL', {
    type: 'select',
    options: { SSL: 'SSL', TLS: 'TLS' },
    weigh: 5,
  }),
  config(12, 'smtp_sender_mail', 'mail', 'smtp sender mail', '', { rule: 'email', weigh: 4 }),
  config(13, 'config_quick_entrance', 'config_quick_entrance', 'Config Quick entrance', QUICK_ENTRANCE, {
    type: 'array',
  }),
  config(14, 'backend_entrance', 'basics', 'Backend entrance', '/admin', { rule: 'required', weigh: 1 }),
  // Portico additions: settings of the original's config/buildadmin.php.
  config(15, 'cdn_url', 'basics', 'CDN url', ''),
  config(16, 'api_url', 'basics', 'API url', PORTICO_DEFAULTS.api_url),
  config(17, 'open_member_center', 'basics', 'Open member center', '1', { type: 'switch' }),
  config(18, 'admin_login_captcha', 'basics', 'Admin login captcha', '1', { type: 'switch' }),
  config(19, 'user_login_captcha', 'basics', 'Member login captcha', '1', { type: 'switch' }),
  // Hidden groups (not in config_group): upload limits and the terminal.
  config(20, 'upload_max_size', 'upload', 'Upload max size', '10mb'),
  config(
    21,
    'upload_save_name',
    'upload',
    'Upload save name',
    '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
  ),
  config(
    22,
    'upload_allowed_suffixes',
    'upload',
    'Upload allowed suffixes',
    'jpg,png,bmp,jpeg,gif,webp,zip,rar,wav,mp4,mp3',
  ),
  config(23, 'upload_allowed_mime_types', 'upload', 'Upload allowed mime types', ''),
  config(24, 'upload_mode', 'upload', 'Upload mode', 'local'),
  config(25, 'terminal_package_manager', 'terminal', 'Terminal package manager', TERMINAL_DEFAULT_MANAGER),
  config(26, 'terminal_port', 'terminal', 'Terminal port', '8000'),
];

export const CONFIG_ROWS: ConfigRow[] = rowsOf(SEEDED_CONFIG_ROWS);

/** The first config id not used by the install data. */
export const CONFIG_NEXT_ID = 27;

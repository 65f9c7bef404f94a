/**
 * Every title the install data seeds in Chinese has an English one, so an English screen
 * never shows a seeded Chinese title; anything else is shown as stored.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_RULES } from '../../src/db/seed/admin-rules.js';
import { CONFIG_ROWS } from '../../src/db/seed/config-rows.js';
import { CONTENT_ADMIN_RULES, SMS_CONFIG_ROWS } from '../../src/db/seed/content-and-sms.js';
import { ADMIN_GROUPS, USER_GROUPS } from '../../src/db/seed/groups.js';
import { DATA_RECYCLE_RULES, SENSITIVE_DATA_RULES } from '../../src/db/seed/security-rules.js';
import { USER_RULES } from '../../src/db/seed/user-rules.js';
import {
  ADMIN_GROUP_NAMES,
  ADMIN_RULE_TITLES,
  CONFIG_TIPS,
  configOptionLabels,
  MEMBER_GROUP_NAMES,
  MEMBER_RULE_TITLES,
  QUICK_ENTRANCE_LABELS,
  RECYCLE_RULE_NAMES,
  SENSITIVE_RULE_NAMES,
  type SeededTitles,
} from '../../src/i18n/seeded-titles.js';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

function quickEntrances(): { key: string; value: string }[] {
  return JSON.parse(CONFIG_ROWS.find((row) => row.name === 'config_quick_entrance')?.value ?? '[]');
}

/** [what identifies the row, the label it stores] of every seeded row of a kind. */
const SEEDED: [string, SeededTitles<string | number>, [string | number, string][]][] = [
  [
    'admin rules',
    ADMIN_RULE_TITLES,
    [...ADMIN_RULES, ...CONTENT_ADMIN_RULES].map((r) => [r.name ?? '', r.title ?? '']),
  ],
  ['member rules', MEMBER_RULE_TITLES, USER_RULES.map((r) => [r.name ?? '', r.title ?? ''])],
  ['admin groups', ADMIN_GROUP_NAMES, ADMIN_GROUPS.map((g) => [g.id ?? 0, g.name ?? ''])],
  ['member groups', MEMBER_GROUP_NAMES, USER_GROUPS.map((g) => [g.id ?? 0, g.name ?? ''])],
  ['quick entrances', QUICK_ENTRANCE_LABELS, quickEntrances().map((e) => [e.value, e.key])],
  ['recycle rules', RECYCLE_RULE_NAMES, DATA_RECYCLE_RULES.map((r) => [r.id ?? 0, r.name ?? ''])],
  ['sensitive rules', SENSITIVE_RULE_NAMES, SENSITIVE_DATA_RULES.map((r) => [r.id ?? 0, r.name ?? ''])],
];

describe.each(SEEDED)('seeded %s', (_kind, titles, rows) => {
  it('have an English title without Chinese characters', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const [key, stored] of rows) {
      const english = titles.show(key, stored, 'en');
      expect(english, `${key} ${stored}`).not.toMatch(CJK);
      expect(english.trim(), `${key}`).toBe(english);
      expect(english.length, `${key}`).toBeGreaterThan(1);
    }
  });

  it('show the stored title to Chinese readers', () => {
    for (const [key, stored] of rows) expect(titles.show(key, stored, 'zh-cn')).toBe(stored);
  });

  it('show a title that is no longer the seeded one as stored', () => {
    for (const [key] of rows) expect(titles.show(key, '改过的标题', 'en')).toBe('改过的标题');
  });
});

it('translates the seeded admin menu as the English screens name it', () => {
  const en = (name: string) => {
    const rule = [...ADMIN_RULES, ...CONTENT_ADMIN_RULES].find((r) => r.name === name);
    return ADMIN_RULE_TITLES.show(name, rule?.title ?? '', 'en');
  };
  expect(en('dashboard')).toBe('Dashboard');
  expect(en('auth/admin')).toBe('Admin management');
  expect(en('routine/config')).toBe('System configuration');
  expect(en('routine/config/sendTestMail')).toBe('Test mail');
  // Unknown rows are their own title.
  expect(ADMIN_RULE_TITLES.show('nope', '控制台', 'en')).toBe('控制台');
});

it('gives sibling rules distinct English titles, as their Chinese titles are', () => {
  const rules = [...ADMIN_RULES, ...CONTENT_ADMIN_RULES];
  const siblings = new Map<number, string[]>();
  for (const r of rules) {
    const list = siblings.get(r.pid ?? 0) ?? [];
    list.push(ADMIN_RULE_TITLES.show(r.name ?? '', r.title ?? '', 'en'));
    siblings.set(r.pid ?? 0, list);
  }
  for (const [pid, titles] of siblings) {
    expect(new Set(titles).size, `children of ${pid}`).toBe(titles.length);
  }
});

describe('seeded config items', () => {
  const items = [...CONFIG_ROWS, ...SMS_CONFIG_ROWS];
  const optionsOf = (content: string | null | undefined): Record<string, string> =>
    JSON.parse(content ?? '{}');

  it('have English tips and option labels without Chinese characters', () => {
    const tips = items.filter((row) => row.tip);
    expect(tips.length).toBeGreaterThan(4);
    for (const row of tips)
      expect(CONFIG_TIPS.show(row.name, row.tip ?? '', 'en'), row.name).not.toMatch(CJK);
    for (const row of items) {
      const labels = configOptionLabels(row.name, optionsOf(row.content), 'en');
      expect(Object.keys(labels), row.name).toEqual(Object.keys(optionsOf(row.content)));
      for (const label of Object.values(labels)) expect(label, row.name).not.toMatch(CJK);
    }
    expect(configOptionLabels('sms_provider', { '': '关闭', log: '开发日志（不发送）' }, 'en')).toEqual({
      '': 'Off',
      log: 'Development log (not sent)',
    });
  });

  it('show Chinese readers what is stored, and texts that are not the seeded ones as stored', () => {
    expect(CONFIG_TIPS.show('record_number', '域名备案号', 'zh-cn')).toBe('域名备案号');
    expect(CONFIG_TIPS.show('record_number', '管理员写的提示', 'en')).toBe('管理员写的提示');
    expect(configOptionLabels('sms_provider', { '': '停用', log: '开发日志（不发送）' }, 'en')).toEqual({
      '': '停用',
      log: 'Development log (not sent)',
    });
    expect(configOptionLabels('my_item', { '': '关闭' }, 'en')).toEqual({ '': '关闭' });
  });
});

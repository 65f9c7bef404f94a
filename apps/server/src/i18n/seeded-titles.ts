/**
 * Seeded titles in the reader's language. The install data stores its labels in Chinese (as
 * the original product does, so a database taken over from it reads the same); English
 * readers see a row's English label as long as the stored one is still exactly the seeded
 * Chinese. A label an administrator typed is theirs, and is shown as typed in every language.
 *
 * Only what is displayed goes through here (menus, lists, selects, config tips and options):
 * edit forms show and save the stored label, so saving a seeded row from an English screen
 * leaves it Chinese.
 */
import { SEEDED_ADMIN_RULES } from '../db/seed/admin-rules.js';
import { SEEDED_CONFIG_ROWS, SEEDED_QUICK_ENTRANCES } from '../db/seed/config-rows.js';
import { SEEDED_CONTENT_RULES, SEEDED_SMS_CONFIG_ROWS } from '../db/seed/content-and-sms.js';
import { SEEDED_ADMIN_GROUPS, SEEDED_USER_GROUPS } from '../db/seed/groups.js';
import { SEEDED_HOME_PAGE_ROWS } from '../db/seed/public-home.js';
import {
  SEEDED_RECYCLE_RULES,
  SEEDED_SENSITIVE_FIELD_LABELS,
  SEEDED_SENSITIVE_RULES,
} from '../db/seed/security-rules.js';
import type { Seeded } from '../db/seed/seeded.js';
import { SEEDED_TRANSFER_BUTTONS } from '../db/seed/transfer-rules.js';
import { SEEDED_USER_RULES } from '../db/seed/user-rules.js';
import type { Lang } from './index.js';

interface Translation {
  zh: string;
  en: string;
}

export class SeededTitles<Key extends string | number> {
  private readonly byKey: Map<Key, Translation>;

  constructor(entries: Iterable<readonly [key: Key, zh: string, en: string]>) {
    this.byKey = new Map([...entries].map(([key, zh, en]) => [key, { zh, en }]));
  }

  /** More seeded labels (a module's rule titles, made known when it starts). */
  add(entries: Iterable<readonly [key: Key, zh: string, en: string]>): void {
    for (const [key, zh, en] of entries) this.byKey.set(key, { zh, en });
    this.byChinese = undefined;
  }

  private byChinese: Map<string, string> | undefined;

  /** The English of a seeded Chinese label, wherever it was copied to (an admin-log title). */
  englishOf(zh: string): string | undefined {
    this.byChinese ??= new Map([...this.byKey.values()].map((seeded) => [seeded.zh, seeded.en]));
    return this.byChinese.get(zh);
  }

  /** The label to show: the English of a seeded row still holding its seeded label, else the stored one. */
  show(key: Key, stored: string, lang: Lang): string {
    if (lang === 'zh-cn') return stored;
    const seeded = this.byKey.get(key);
    return seeded && seeded.zh === stored ? seeded.en : stored;
  }

  /** Rows with their `field` shown in the reader's language, each looked up by its `key` field. */
  localise<Row extends Record<string, unknown>>(rows: Row[], key: string, field: string, lang: Lang): Row[] {
    if (lang === 'zh-cn') return rows;
    return rows.map((row) => {
      const id = row[key];
      const stored = row[field];
      if (typeof stored !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return row;
      return { ...row, [field]: this.show(id as Key, stored, lang) };
    });
  }

  /** Seeded rows whose English contains `text` (ignoring case), with the label they were seeded with. */
  matching(text: string): { key: Key; zh: string }[] {
    const needle = text.toLowerCase();
    return [...this.byKey]
      .filter(([, seeded]) => seeded.en.toLowerCase().includes(needle))
      .map(([key, seeded]) => ({ key, zh: seeded.zh }));
  }
}

function titles<Row, Key extends string | number>(
  seeded: readonly Seeded<Row>[],
  key: (row: Row) => Key | undefined,
  label: (row: Row) => string | undefined,
): SeededTitles<Key> {
  return new SeededTitles(
    seeded.flatMap(({ row, en }) => {
      const k = key(row);
      const zh = label(row);
      return k === undefined || zh === undefined ? [] : [[k, zh, en] as const];
    }),
  );
}

/** Menu rules by name (a rule's identity in permissions and routes). */
export const ADMIN_RULE_TITLES = titles(
  [...SEEDED_ADMIN_RULES, ...SEEDED_CONTENT_RULES, ...SEEDED_TRANSFER_BUTTONS],
  (r) => r.name,
  (r) => r.title,
);
export const MEMBER_RULE_TITLES = titles(
  SEEDED_USER_RULES,
  (r) => r.name,
  (r) => r.title,
);
/** Groups and data-security rules by id (their only identity besides the name itself). */
export const ADMIN_GROUP_NAMES = titles(
  SEEDED_ADMIN_GROUPS,
  (g) => g.id,
  (g) => g.name,
);
export const MEMBER_GROUP_NAMES = titles(
  SEEDED_USER_GROUPS,
  (g) => g.id,
  (g) => g.name,
);
export const RECYCLE_RULE_NAMES = titles(
  SEEDED_RECYCLE_RULES,
  (r) => r.id,
  (r) => r.name,
);
export const SENSITIVE_RULE_NAMES = titles(
  SEEDED_SENSITIVE_RULES,
  (r) => r.id,
  (r) => r.name,
);
/** The labels of the fields sensitive-data rules watch, by field name. */
export const SENSITIVE_FIELD_LABELS = new SeededTitles(SEEDED_SENSITIVE_FIELD_LABELS);
/** Config quick entrances by the rule name they open. */
export const QUICK_ENTRANCE_LABELS = titles(
  SEEDED_QUICK_ENTRANCES,
  (e) => e.value,
  (e) => e.key,
);

const SEEDED_CONFIG = [...SEEDED_CONFIG_ROWS, ...SEEDED_SMS_CONFIG_ROWS, ...SEEDED_HOME_PAGE_ROWS];

/** Config item tips by item name (its identity: names are unique and seeded items stay). */
export const CONFIG_TIPS = new SeededTitles(
  SEEDED_CONFIG.flatMap(({ row, en }) =>
    en.tip === undefined || !row.tip ? [] : [[row.name, row.tip, en.tip] as const],
  ),
);

/** Config option labels by `<item name>:<option value>` (item names hold no ':'). */
const CONFIG_OPTION_LABELS = new SeededTitles(
  SEEDED_CONFIG.flatMap(({ row, en }) => {
    const stored = JSON.parse(row.content ?? '{}') as Record<string, string>;
    return Object.entries(en.options ?? {}).flatMap(([value, english]) => {
      const label = stored[value];
      return label === undefined ? [] : [[`${row.name}:${value}`, label, english] as const];
    });
  }),
);

/** A config item's options (label by value) with the seeded labels in the reader's language. */
export function configOptionLabels(
  name: string,
  options: Record<string, string>,
  lang: Lang,
): Record<string, string> {
  if (lang === 'zh-cn') return options;
  return Object.fromEntries(
    Object.entries(options).map(([value, label]) => [
      value,
      CONFIG_OPTION_LABELS.show(`${name}:${value}`, label, lang),
    ]),
  );
}

/**
 * Config item values: how each input type is stored (text) and shown (decoded), and the
 * checks a posted value must pass. Secrets are never shown, only whether one is set.
 */
import { RULES_BY_NAME, VARIABLE_NAME_PATTERN } from '@portico/shared';
import type { Selectable } from 'kysely';
import type { ConfigTable } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';

export type ConfigRow = Selectable<ConfigTable>;

const WITH_OPTIONS = new Set(['radio', 'checkbox', 'select', 'selects']);
const JSON_LISTS = new Set(['checkbox', 'selects', 'array']);

export function isSecret(name: string): boolean {
  return /(^|_)(pass|password|secret|key)$/.test(name);
}

export function options(row: Pick<ConfigRow, 'type' | 'content'>): Record<string, string> {
  if (!WITH_OPTIONS.has(row.type) || !row.content) return {};
  try {
    return JSON.parse(row.content) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The value as the config screen shows it. */
export function shown(row: ConfigRow): unknown {
  const value = row.value ?? '';
  if (isSecret(row.name)) return '';
  if (JSON_LISTS.has(row.type)) {
    try {
      return value ? JSON.parse(value) : [];
    } catch {
      return [];
    }
  }
  if (row.type === 'switch') return value === '1';
  if (row.type === 'city' || row.type === 'remoteSelects' || row.type === 'images' || row.type === 'files') {
    return value ? value.split(',') : [];
  }
  return value;
}

/**
 * The text stored for a posted value; refuses what the item's type or rules do not allow,
 * naming the item by `title` (its title as the reader sees it).
 */
export function stored(row: ConfigRow, posted: unknown, title = row.title): string {
  const fail = (): never => {
    throw new ApiError('The value of config item %s is invalid', [title || row.name]);
  };
  const rules = row.rule
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (JSON_LISTS.has(row.type)) {
    if (!Array.isArray(posted)) fail();
    const list = posted as unknown[];
    if (row.type === 'array') {
      if (!list.every((item) => item && typeof item === 'object' && 'key' in item && 'value' in item)) fail();
      return JSON.stringify(
        list.map((item) => ({ key: String((item as Row).key), value: String((item as Row).value) })),
      );
    }
    const allowed = options(row);
    if (!list.every((item) => String(item) in allowed)) fail();
    return list.length ? JSON.stringify(list.map(String)) : '';
  }
  if (row.type === 'switch') {
    if (![true, false, '1', '0', 1, 0].includes(posted as never)) fail();
    return posted === true || posted === '1' || posted === 1 ? '1' : '0';
  }
  if (Array.isArray(posted)) {
    if (!['city', 'remoteSelects', 'images', 'files'].includes(row.type)) fail();
    return posted.map(String).join(',');
  }
  if (typeof posted !== 'string' && typeof posted !== 'number') fail();
  const text = String(posted).trim();
  if (text.length > 60_000) fail();
  if (rules.includes('required') && text === '') fail();
  if (text === '') return '';
  if (row.type === 'number' && !Number.isFinite(Number(text))) fail();
  if ((row.type === 'radio' || row.type === 'select') && !(text in options(row))) fail();
  // The same rules, by the same names, as the form in the browser.
  for (const name of rules) {
    const check = RULES_BY_NAME[name as keyof typeof RULES_BY_NAME];
    if (check && check(text) !== true) fail();
  }
  return text;
}

type Row = Record<string, unknown>;

/** "key=value" lines (the add form's dictionary) as a JSON object. */
export function dictionary(text: string): string | null {
  const entries = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return at > 0 ? [line.slice(0, at).trim(), line.slice(at + 1).trim()] : [line, line];
    });
  return entries.length ? JSON.stringify(Object.fromEntries(entries)) : null;
}

export const NAME_PATTERN = VARIABLE_NAME_PATTERN;

/**
 * Every visible string exists in zh-cn and en: both packs hold the same keys, and every
 * literal key the code translates is in them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { flatten } from '../src/lang';
import enBackend from '../src/lang/en/backend';
import enFrontend from '../src/lang/en/frontend';
import en from '../src/lang/en/index';
import zhCnBackend from '../src/lang/zh-cn/backend';
import zhCnFrontend from '../src/lang/zh-cn/frontend';
import zhCn from '../src/lang/zh-cn/index';
import { moduleLangPacks } from '../src/module-contract/registry';
import type { Lang } from '../src/stores/config';

const SRC = join(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'lang' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The core's packs (sign-in, back-office, member centre) with every module's (modules bring their own texts). */
async function allTexts(lang: Lang): Promise<Record<string, string>> {
  const modules = (await moduleLangPacks(lang)).map(flatten);
  const [core, backend, frontend] =
    lang === 'en' ? [en, enBackend, enFrontend] : [zhCn, zhCnBackend, zhCnFrontend];
  return Object.assign({}, ...modules, flatten(frontend), flatten(backend), flatten(core));
}

it('has the same keys in both languages, none left empty', async () => {
  const zh = await allTexts('zh-cn');
  const english = await allTexts('en');
  expect(Object.keys(english).sort()).toEqual(Object.keys(zh).sort());
  for (const [key, text] of [...Object.entries(zh), ...Object.entries(english)]) {
    expect(text.trim(), key).not.toBe('');
  }
});

/** i18next's plural suffixes: `Day_one` and `Day_other` are the forms of the key `Day`. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

it('translates every literal key the code asks for', async () => {
  const keys = Object.keys(await allTexts('zh-cn'));
  const known = new Set([...keys, ...keys.map((key) => key.replace(PLURAL_FORM, ''))]);
  const missing: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const key of literalKeys(text, file)) {
      if (!known.has(key)) missing.push(`${file.slice(SRC.length)}: ${key}`);
    }
  }
  expect(missing).toEqual([]);
});

/**
 * Keys the code translates: t('…') calls, and what screens declare for translation —
 * labels, quick-search field names, tips, and in screens the values of upper-case option
 * maps (`const STATUS = { '0': 'Disable' }`).
 */
function literalKeys(text: string, file: string): string[] {
  const keys: string[] = [];
  const patterns = [
    /\bt\(\s*'((?:[^'\\]|\\.)+)'/g,
    /(?<![-\w])label(?:=|:\s*)["']([^"']+)["']/g,
    /\bquickSearchFields:\s*'([^']+)'/g,
    /\btip="([^"]+)"/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) keys.push(match[1] ?? '');
  const maps = file.includes('/views/') ? text.matchAll(/const [A-Z_]+ = \{([^}]*)\}/g) : [];
  for (const map of maps) {
    for (const value of (map[1] ?? '').matchAll(/:\s*'([^']+)'/g)) keys.push(value[1] ?? '');
  }
  return keys;
}

/**
 * Every visible string exists in zh-cn and en: both packs hold the same keys, and every
 * literal key the code translates is in them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { flatten } from '../src/lang';
import en from '../src/lang/en/index';
import zhCn from '../src/lang/zh-cn/index';

const SRC = join(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'lang' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

it('has the same keys in both languages, none left empty', () => {
  const zh = flatten(zhCn);
  const english = flatten(en);
  expect(Object.keys(english).sort()).toEqual(Object.keys(zh).sort());
  for (const [key, text] of [...Object.entries(zh), ...Object.entries(english)]) {
    expect(text.trim(), key).not.toBe('');
  }
});

it('translates every literal key the code asks for', () => {
  const known = new Set(Object.keys(flatten(zhCn)));
  const missing: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)+)'/g)) {
      const key = match[1] ?? '';
      if (!known.has(key)) missing.push(`${file.slice(SRC.length)}: ${key}`);
    }
  }
  expect(missing).toEqual([]);
});

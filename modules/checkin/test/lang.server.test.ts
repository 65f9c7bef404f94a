/**
 * The module's texts: both web packs hold the same keys, and every `checkin.*` key its pages use
 * is in them (a missing key would show the key to the reader); every server message has its
 * Chinese text (the API answers in both languages are checked in checkin.server.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { zhCn as coreZhCn } from '../../../apps/server/src/i18n/zh-cn.js';
import { CHECKIN_LANG, CHECKIN_MESSAGES } from '../apps/server/src/modules/checkin/lang.js';
import en from '../apps/web/src/modules/checkin/lang/en';
import webZhCn from '../apps/web/src/modules/checkin/lang/zh-cn';

const web = fileURLToPath(new URL('../apps/web/src/modules/checkin/', import.meta.url));

it('has the same keys in Chinese and English, none of them empty', () => {
  expect(Object.keys(webZhCn.checkin).sort()).toEqual(Object.keys(en.checkin).sort());
  for (const pack of [en.checkin, webZhCn.checkin]) {
    expect(Object.values(pack).filter((text) => text.trim() === '')).toEqual([]);
  }
});

it('has a text for every key its pages use', () => {
  const used = new Set<string>();
  for (const file of readdirSync(web, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.tsx'),
  )) {
    for (const [, key = ''] of readFileSync(join(web, file), 'utf8').matchAll(/'checkin\.([^']+)'/g))
      used.add(key);
  }
  expect(used.size).toBeGreaterThan(10);
  // A counted key is there in its plural forms (i18next's `days_one`, `days_other`).
  const known = new Set(Object.keys(en.checkin).map((key) => key.replace(/_(one|other)$/, '')));
  expect([...used].filter((key) => !known.has(key))).toEqual([]);
});

it('has a Chinese text for each of its server messages, and emits no other literal message the core lacks', () => {
  const zh = CHECKIN_LANG['zh-cn'];
  expect(Object.values(CHECKIN_MESSAGES).filter((key) => !zh[key])).toEqual([]);
  // What the core's coverage test (apps/server/test/unit/i18n-coverage.test.ts) will find in
  // these files once they are installed: literal keys must be the core's own.
  const server = fileURLToPath(new URL('../apps/server/src/modules/checkin/', import.meta.url));
  const literal =
    /(?:new ApiError|\bfail)\(\s*'([^']+)'|\bok\([^;]*?,\s*'([^']+)'\s*[,)]|\.regex\([^;]*?,\s*'([^']+)'\)/g;
  const foreign: string[] = [];
  for (const file of readdirSync(server)) {
    for (const match of readFileSync(join(server, file), 'utf8').matchAll(literal)) {
      const key = match[1] ?? match[2] ?? match[3] ?? '';
      if (!(key in coreZhCn)) foreign.push(`${file}: ${key}`);
    }
  }
  expect(foreign).toEqual([]);
});

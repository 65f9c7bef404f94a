/**
 * The web texts: both languages hold the same keys, and every `checkin.*` key its pages use is
 * in them (a missing key would show the key to the reader). The server's messages are checked
 * in both languages through the API in checkin.server.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import en from '../apps/web/src/modules/checkin/lang/en';
import zhCn from '../apps/web/src/modules/checkin/lang/zh-cn';

const web = fileURLToPath(new URL('../apps/web/src/modules/checkin/', import.meta.url));

it('has the same keys in Chinese and English, none of them empty', () => {
  expect(Object.keys(zhCn.checkin).sort()).toEqual(Object.keys(en.checkin).sort());
  for (const pack of [en.checkin, zhCn.checkin]) {
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
  expect([...used].filter((key) => !(key in en.checkin))).toEqual([]);
});

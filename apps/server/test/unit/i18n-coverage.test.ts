/**
 * Every message the server can emit has a zh-cn translation (zh-cn is the default
 * language, so a missing key shows English to most users).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, MODULE_MESSAGES, RANGE_MESSAGES } from '@portico/shared';
import { expect, it } from 'vitest';
import { BUILT_IN_AREAS } from '../../src/areas/index.js';
import { LOG_TITLES, TERMINAL_REFUSALS } from '../../src/areas/terminal/lang.js';
import { INSTALLER_MESSAGES } from '../../src/features/module/installer/messages.js';
import { MODULE_PACKAGE_MESSAGES } from '../../src/features/module/package/messages.js';
import { translate } from '../../src/i18n/index.js';
import { zhCn } from '../../src/i18n/zh-cn.js';
import { TERMINAL_MESSAGES } from '../../src/terminal/messages.js';

const SRC = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** String literals handed to ApiError, fail(), ok(..., msg), zod messages and needLogin. */
function emittedKeys(): Set<string> {
  const keys = new Set<string>([
    ...Object.values(MESSAGES),
    ...Object.values(RANGE_MESSAGES),
    // Sent over the terminal's event stream rather than in an envelope.
    ...Object.values(TERMINAL_MESSAGES),
    ...Object.values(TERMINAL_REFUSALS),
    // Admin-log titles the terminal area writes by constant.
    ...Object.values(LOG_TITLES),
    // Module messages are thrown by constant, not as literals the patterns below find.
    ...Object.values(MODULE_MESSAGES),
    ...Object.values(MODULE_PACKAGE_MESSAGES),
    ...Object.values(INSTALLER_MESSAGES),
  ]);
  const patterns = [
    /new ApiError\(\s*'((?:[^'\\]|\\.)+)'/g,
    /\bfail\(\s*'((?:[^'\\]|\\.)+)'/g,
    /\bok\([^;]*?,\s*'((?:[^'\\]|\\.)+)'\s*[,)]/g,
    /message:\s*'((?:[^'\\]|\\.)+)'/g,
    /\.(?:regex|refine)\([^;]*?,\s*'((?:[^'\\]|\\.)+)'\)/g,
    /sendEnvelope\([^;]*?Code\.error,\s*'((?:[^'\\]|\\.)+)'/g,
  ];
  // The environment's problems (config.ts) go to the operator's terminal at start, in
  // English, never through an envelope.
  const operatorOnly = join(SRC, 'config.ts');
  for (const file of sourceFiles(SRC).filter((path) => path !== operatorOnly)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern)) if (match[1]) keys.add(match[1]);
  }
  return keys;
}

/** The core's pack and the built-in areas' (merged when they start, before any request). */
const known = new Set([
  ...Object.keys(zhCn),
  ...BUILT_IN_AREAS.flatMap((area) => Object.keys(area.lang?.['zh-cn'] ?? {})),
]);

it('translates every emitted message key into zh-cn', () => {
  const keys = emittedKeys();
  expect(keys.size).toBeGreaterThan(40);
  const missing = [...keys].filter((key) => !known.has(key));
  expect(missing).toEqual([]);
});

it('fills placeholders in both languages', () => {
  expect(translate('Parameter %s can not be empty', 'en', ['username'])).toBe(
    'Parameter username can not be empty',
  );
  expect(translate('Parameter %s can not be empty', 'zh-cn', ['username'])).toContain('username');
});

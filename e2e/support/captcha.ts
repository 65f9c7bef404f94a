/**
 * Reading an image captcha the way a person would, for tests that sign in with the captcha on.
 * The server keeps only an HMAC of the answer (keyed by the instance's secret), so the test,
 * holding the instance's data folder as its owner would, tries every answer of the captcha's
 * alphabet against the stored hash: four characters of 29 is 707,281 tries, about a second.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CAPTCHA_ALPHABET } from '../../apps/server/src/auth/captcha-image.js';
import type { E2eServer } from './server.js';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The answer of the captcha `id` the SQLite instance `server` issued last. */
export function captchaAnswer(server: E2eServer, id: string): string {
  const secret = readFileSync(join(server.dataDir, 'app-secret'), 'utf8').trim();
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    const row = db
      .prepare('select code from ba_captcha where key = ?')
      .get(hmac(secret, `captcha-id:${id}`)) as { code: string } | undefined;
    if (!row) throw new Error(`no captcha issued for ${id}`);
    const letters = [...CAPTCHA_ALPHABET];
    for (const a of letters)
      for (const b of letters)
        for (const c of letters)
          for (const d of letters) {
            const answer = a + b + c + d;
            if (hmac(secret, `captcha-answer:${id}:${answer}`) === row.code) return answer;
          }
    throw new Error(`the captcha ${id} is not four characters of the alphabet`);
  } finally {
    db.close();
  }
}

/**
 * argon2id for every password Portico stores. Hashes from the original product
 * (md5(md5(password) + salt), 32 hex) are accepted once and replaced on that login.
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum argon2id profile: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const LEGACY_HASH = /^[0-9a-f]{32}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is a legacy one and should be replaced by `hashPassword`. */
  needsRehash: boolean;
}

export async function checkPassword(password: string, stored: string, salt: string): Promise<PasswordCheck> {
  if (stored.startsWith('$argon2')) {
    try {
      return { ok: await verify(stored, password), needsRehash: false };
    } catch {
      return { ok: false, needsRehash: false };
    }
  }
  if (LEGACY_HASH.test(stored)) {
    const legacy = md5(md5(password) + salt);
    const ok = timingSafeEqual(Buffer.from(legacy), Buffer.from(stored));
    return { ok, needsRehash: ok };
  }
  // No password set (e.g. an account created without one): nothing matches.
  return { ok: false, needsRehash: false };
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends what checking a password against a stored hash costs, for a sign-in naming no
 * account: answering it quicker would tell a guesser which names exist. Always false.
 */
export async function checkPasswordOfNoAccount(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await checkPassword(password, await dummyHash, '');
  return false;
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/**
 * The cache behind grants, remarks and settings: a change drops it, and a load that was already
 * reading when the change came is answered but not kept (else a removed rule would be honoured
 * for another five seconds by the request that happened to be loading).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheVersions } from '../../src/db/cache-versions.js';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { SharedCache } from '../../src/db/shared-cache.js';

describe('SharedCache', () => {
  let db: Db;
  let versions: CacheVersions;
  beforeAll(async () => {
    db = await openDatabase('sqlite::memory:', 'ba_');
    versions = new CacheVersions(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps a value until its area changes, and only its own area', async () => {
    const cache = new SharedCache<number, string>(versions, 'rules', 60_000);
    let loads = 0;
    const load = async () => `grants ${++loads}`;
    expect(await cache.get(1, load)).toBe('grants 1');
    expect(await cache.get(1, load)).toBe('grants 1');
    await versions.changed('settings');
    expect(await cache.get(1, load)).toBe('grants 1');
    await versions.changed('rules');
    expect(await cache.get(1, load)).toBe('grants 2');
  });

  it('does not keep what a load read before a change that came while it ran', async () => {
    const cache = new SharedCache<number, string>(versions, 'rules', 60_000);
    let release: (value: string) => void = () => {};
    const slow = cache.get(7, () => new Promise<string>((resolve) => (release = resolve)));
    await versions.changed('rules');
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(await cache.get(7, async () => 'after the change')).toBe('after the change');
  });
});

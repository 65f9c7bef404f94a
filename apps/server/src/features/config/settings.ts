/**
 * Read access to the config rows (site name, switches, mail settings...). Values are
 * cached briefly: most requests need a few of them (the IP block reads one on every API
 * request). A write through the config screens announces itself with
 * `ctx.caches.changed('settings')`, which drops the copy in every server process on the
 * database within a fraction of a second (db/cache-versions.ts).
 */
import type { CacheVersions } from '../../db/cache-versions.js';
import type { Db } from '../../db/connection.js';
import { SharedCache } from '../../db/shared-cache.js';

const CACHE_MS = 5000;

export class Settings {
  private readonly cache: SharedCache<'all', Map<string, string>>;

  constructor(
    private readonly db: Db,
    caches: CacheVersions,
  ) {
    this.cache = new SharedCache(caches, 'settings', CACHE_MS);
  }

  async get(name: string): Promise<string> {
    return (await this.values()).get(name) ?? '';
  }

  /** A switch row: '1' / 'true' is on. */
  async flag(name: string): Promise<boolean> {
    const value = await this.get(name);
    return value === '1' || value === 'true';
  }

  private values(): Promise<Map<string, string>> {
    return this.cache.get('all', async () => {
      const rows = await this.db.kysely.selectFrom('config').select(['name', 'value']).execute();
      return new Map(rows.map((row) => [row.name, row.value ?? '']));
    });
  }
}

/**
 * Read access to the config rows (site name, switches, mail settings...). Values are
 * cached briefly: most requests need a few of them, and a write through the config
 * screen calls `invalidate()`. The short lifetime keeps several server processes on
 * one database in step without any messaging between them.
 */
import type { Db } from '../../db/connection.js';

const CACHE_MS = 5000;

export class Settings {
  private cache: { values: Map<string, string>; loadedAt: number } | null = null;

  constructor(private readonly db: Db) {}

  async get(name: string): Promise<string> {
    return (await this.values()).get(name) ?? '';
  }

  /** A switch row: '1' / 'true' is on. */
  async flag(name: string): Promise<boolean> {
    const value = await this.get(name);
    return value === '1' || value === 'true';
  }

  invalidate(): void {
    this.cache = null;
  }

  private async values(): Promise<Map<string, string>> {
    if (this.cache && Date.now() - this.cache.loadedAt < CACHE_MS) return this.cache.values;
    const rows = await this.db.kysely.selectFrom('config').select(['name', 'value']).execute();
    const values = new Map(rows.map((row) => [row.name, row.value ?? '']));
    this.cache = { values, loadedAt: Date.now() };
    return values;
  }
}

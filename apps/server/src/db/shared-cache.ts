/**
 * A short-lived in-memory cache of rows that most requests read (grants, config values, page
 * remarks), dropped whenever its area changes in any server process (CacheVersions). The
 * lifetime stays as a backstop for changes made straight in the database, which nothing
 * announces (POST /admin/ajax/clearCache drops everything at once).
 */
import type { CacheArea, CacheVersions } from './cache-versions.js';

export class SharedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  /** Counts drops: a load that began before a drop must not store what it read. */
  private generation = 0;

  constructor(
    versions: CacheVersions,
    area: CacheArea,
    private readonly lifetimeMs: number,
    private readonly maxEntries = 10_000,
  ) {
    versions.onChange(area, () => this.clear());
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.lifetimeMs) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, at: Date.now() });
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }
}

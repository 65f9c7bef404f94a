/**
 * Keeps the in-memory caches of several server processes on one database in step. Each cache
 * area (the rules behind grants and page remarks; the config rows) has a version row in
 * `cache_version`. A process that changes what an area caches drops its own copy at once and
 * bumps the row; every process reads the rows every POLL_MS and drops the areas whose version
 * moved. So a rule removed through one process is refused by the others within POLL_MS (plus
 * one short query), and a setting shows as soon.
 *
 * Why a version poll rather than PostgreSQL LISTEN/NOTIFY or Redis pub/sub: MariaDB has no
 * notifications, so a poll would be needed there anyway, and one mechanism on every dialect is
 * one mechanism to test; a poll survives a lost connection with nothing to re-subscribe (the
 * next read after the database returns sees every bump made meanwhile); it needs no extra
 * dependency or service. And it costs the request path nothing: the read runs on a timer, not
 * per request (a per-request version check would add a database round trip to every request),
 * about four tiny primary-key reads a second per process. SQLite is one process's database, so
 * there the poll does not run and a change is simply dropped in-process.
 */

import { CACHE_AREAS } from './cache-areas.js';
import type { Db } from './connection.js';

export type CacheArea = (typeof CACHE_AREAS)[number];

/** How often each process reads the versions: the bound on how stale another process can be. */
const POLL_MS = 250;

export class CacheVersions {
  private readonly listeners = new Map<CacheArea, (() => void)[]>();
  /** The versions last read; null until the first read. */
  private seen: Map<string, number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Calls `drop` whenever `area` changes, here or in another process. */
  onChange(area: CacheArea, drop: () => void): void {
    this.listeners.set(area, [...(this.listeners.get(area) ?? []), drop]);
  }

  /**
   * After a write that changed what `areas` cache: drops them here now and tells the other
   * processes. Call it once the write has committed, so nobody reloads the old rows.
   */
  async changed(...areas: CacheArea[]): Promise<void> {
    for (const area of areas) this.drop(area);
    if (this.db.dialect === 'sqlite') return;
    await this.db.kysely
      .updateTable('cache_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('area', 'in', areas)
      .execute();
  }

  /** Starts reading the versions (not on SQLite, which one process owns). */
  start(): void {
    if (this.db.dialect === 'sqlite' || this.timer) return;
    this.timer = setInterval(() => {
      // A read still running (a slow database) is not stacked with another.
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
      });
    }, POLL_MS);
    // The timer alone does not keep the process alive (tests, a CLI command).
    this.timer.unref();
  }

  /** Stops reading; waits for a read in flight, so the database can close after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }

  private async poll(): Promise<void> {
    let rows: { area: string; version: number }[];
    try {
      rows = await this.db.kysely.selectFrom('cache_version').select(['area', 'version']).execute();
    } catch {
      // The database is away: the next read after it returns sees every change made meanwhile.
      return;
    }
    const now = new Map(rows.map((row) => [row.area, Number(row.version)]));
    const before = this.seen;
    this.seen = now;
    if (!before) return;
    for (const area of CACHE_AREAS) {
      if (now.get(area) !== before.get(area)) this.drop(area);
    }
  }

  private drop(area: CacheArea): void {
    for (const drop of this.listeners.get(area) ?? []) drop();
  }
}

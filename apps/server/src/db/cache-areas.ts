/**
 * The in-memory cache areas every server process keeps a version of (db/cache-versions.ts).
 * Migration 0014 seeds a row for each; both import this list.
 */
export const CACHE_AREAS = ['rules', 'settings'] as const;

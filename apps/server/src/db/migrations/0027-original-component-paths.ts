/**
 * Menu rules store their pages in the original's form again (`/src/views/backend/auth/admin/index.vue`):
 * the original's client registers routes only for `.vue` files, so on a database Portico seeded
 * or took over with `…/index.tsx` a site's customised copy of it showed "loading" on every
 * back-office screen. Portico's web opens the same page by either ending. Only paths under
 * /src/ ending in `.tsx` change; links, empty paths and anything else keep their value.
 *
 * Down turns every /src/ path ending in `.vue` back to `.tsx`, the form the earlier version
 * wrote. It cannot tell the original's own `.vue` rows (a taken-over site's generated pages) from
 * the ones this migration changed, so those turn too; the earlier version opens either ending
 * the same, and up again restores them all.
 */
import { COMPONENT_ROOT, originalComponentPath } from '@portico/shared';
import type { Migration } from 'kysely';
import type { AnyDb } from './columns.js';

const RULE_TABLES = ['admin_rule', 'user_rule'] as const;

/** The earlier version's form of a path this migration writes: `.vue` under /src/ → `.tsx`. */
function porticoComponentPath(path: string): string {
  return path.startsWith(COMPONENT_ROOT) && path.endsWith('.vue')
    ? `${path.slice(0, -'.vue'.length)}.tsx`
    : path;
}

/**
 * Rewrites each rule whose path `change` alters, one row at a time: rule tables are small,
 * and comparing in code keeps the match exact (LIKE ignores case on MySQL and treats `_` as a
 * wildcard) and the same on the three databases.
 */
async function rewritePaths(db: AnyDb, change: (path: string) => string): Promise<void> {
  for (const table of RULE_TABLES) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'component'])
      .where('component', 'like', `${COMPONENT_ROOT}%`)
      .execute();
    for (const row of rows) {
      const component = String(row.component);
      const changed = change(component);
      if (changed === component) continue;
      await db.updateTable(table).set({ component: changed }).where('id', '=', row.id).execute();
    }
  }
}

export function originalComponentPathsMigration(): Migration {
  return {
    up: (db: AnyDb) => rewritePaths(db, originalComponentPath),
    down: (db: AnyDb) => rewritePaths(db, porticoComponentPath),
  };
}

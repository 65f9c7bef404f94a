/**
 * A checked design as the files of a module package (paths relative to `modules/<uid>/`): the
 * server side, the web side, the wire types, module.json, the package's tsconfig.json and the
 * design it was made from. A regeneration keeps the earlier migrations as they are, adds one
 * for the synced design changes (or a change of the searched fields) and bumps the patch version.
 */
import type { CheckedDesign } from './check-design.js';
import { columnChanges } from './design-diff.js';
import { searchColumns } from './design-fields.js';
import { alterMigration, countedKey, countsRows, createMigration, migrationName } from './emit-migration.js';
import { serverIndex, serverLang, serverResource, serverTables } from './emit-server.js';
import { moduleJson, packageTsconfig, sharedWire } from './emit-shared.js';
import { webIndex, webLang, webView } from './emit-web.js';

export interface GeneratedModule {
  uid: string;
  version: string;
  files: Record<string, string>;
}

export interface PreviousGeneration {
  design: CheckedDesign;
  version: string;
  /** The sources of migrations/m0001.ts, m0002.ts, ... in order. */
  migrations: string[];
}

export const DESIGN_FILE = 'crud-design.json';

export function nextVersion(previous: string | null): string {
  if (!previous) return '1.0.0';
  const [major = 1, minor = 0, patch = 0] = previous.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return `${major}.${minor}.${patch + 1}`;
}

export function generateModule(design: CheckedDesign, previous: PreviousGeneration | null): GeneratedModule {
  const uid = design.table.name;
  const version = nextVersion(previous?.version ?? null);
  const migrations = [...(previous?.migrations ?? [])];
  if (!previous) {
    migrations.push(createMigration(design, migrationName(0)));
  } else {
    const changes = columnChanges(design, previous.design);
    // A change of the quick-search fields alone remakes the search index: a migration too.
    const searchChanged = searchColumns(design).join() !== searchColumns(previous.design).join();
    // Generated before the counts: the next generation adds them, design changed or not.
    const counted = countsRows(previous.migrations);
    if (changes.length > 0 || searchChanged || (!counted && countedKey(design))) {
      const name = migrationName(migrations.length);
      migrations.push(alterMigration(design, previous.design, changes, name, counted));
    }
  }
  const names = migrations.map((_, index) => migrationName(index));
  const server = `apps/server/src/modules/${uid}`;
  const web = `apps/web/src/modules/${uid}`;
  const files: Record<string, string> = {
    'module.json': moduleJson(design, version),
    'tsconfig.json': packageTsconfig(design),
    [DESIGN_FILE]: `${JSON.stringify({ table: design.table, fields: design.fields }, null, 2)}\n`,
    [`${server}/index.ts`]: serverIndex(design, version, names),
    [`${server}/tables.ts`]: serverTables(design),
    [`${server}/resource.ts`]: serverResource(design),
    [`${server}/lang.ts`]: serverLang(design),
    [`${web}/index.ts`]: webIndex(design),
    [`${web}/views/index.tsx`]: webView(design),
    [`${web}/lang/zh-cn.ts`]: webLang(design, 'zh-cn'),
    [`${web}/lang/en.ts`]: webLang(design, 'en'),
    [`packages/shared/src/modules/${uid}/index.ts`]: sharedWire(design),
  };
  migrations.forEach((source, index) => {
    files[`${server}/migrations/${migrationName(index)}.ts`] = source;
  });
  return { uid, version, files };
}

/**
 * Regenerating with a previous generation: the synced design changes become one more
 * migration, the earlier ones are kept byte-identical, the version's patch goes up, unsynced
 * changes touch only the code, and dropsOf lists the columns to confirm.
 */
import { describe, expect, it } from 'vitest';
import {
  checkDesign,
  dropsOf,
  generateModule,
  type PreviousGeneration,
} from '../../../../src/areas/crud/generator/index.js';
import { changedDesign, everyTypeDesign } from './every-type-design.js';

const MIGRATIONS = 'apps/server/src/modules/crud_every/migrations';

function firstGeneration(): PreviousGeneration {
  const design = checkDesign(everyTypeDesign());
  const generated = generateModule(design, null);
  return {
    design,
    version: generated.version,
    migrations: [generated.files[`${MIGRATIONS}/m0001.ts`] ?? ''],
  };
}

describe('regeneration', () => {
  it('keeps the first migration byte-identical and adds one for the synced changes', () => {
    const previous = firstGeneration();
    const next = generateModule(changedDesign(), previous);
    expect(next.version).toBe('1.0.1');
    expect(next.files[`${MIGRATIONS}/m0001.ts`]).toBe(previous.migrations[0]);
    const second = next.files[`${MIGRATIONS}/m0002.ts`] ?? '';
    expect(second).toContain("addColumn('subtitle'");
    expect(second).toContain("renameColumn('region', 'area')");
    expect(second).toContain("dropColumn('summary')");
    expect(second).toContain("modifyColumn('stock'");
    expect(next.files['apps/server/src/modules/crud_every/index.ts']).toContain("'0002': m0002(env)");
    expect(JSON.parse(next.files['module.json'] ?? '{}').version).toBe('1.0.1');
  });

  it('adds no migration for changes not marked to sync', () => {
    const previous = firstGeneration();
    const next = generateModule(changedDesign(false), previous);
    expect(Object.keys(next.files).filter((path) => path.startsWith(MIGRATIONS))).toEqual([
      `${MIGRATIONS}/m0001.ts`,
    ]);
    expect(dropsOf(changedDesign(false), previous)).toEqual([]);
  });

  it('lists the columns a generation would drop', () => {
    expect(dropsOf(changedDesign(), firstGeneration())).toEqual(['summary']);
    expect(dropsOf(changedDesign(), null)).toEqual([]);
  });
});

/**
 * Regenerating with a previous generation: the synced design changes become one more
 * migration, the earlier ones are kept byte-identical, the version's patch goes up, unsynced
 * changes touch only the code, and dropsOf lists the columns to confirm.
 */
import type { CrudField, TableDesignChange } from '@portico/shared/crud-design';
import { describe, expect, it } from 'vitest';
import {
  type CheckedDesign,
  checkDesign,
  dropsOf,
  generateModule,
  type PreviousGeneration,
} from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign } from './every-type-design.js';

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

/** The first design changed: a field added, one renamed, one changed, one dropped. */
export function changedDesign(sync = true): CheckedDesign {
  const body = everyTypeDesign();
  const fields = body.fields.filter((field) => field.name !== 'summary');
  const stock = fields.find((field) => field.name === 'stock') as CrudField;
  Object.assign(stock, { type: 'bigint', length: 20, default: '5', defaultType: 'INPUT', null: false });
  const region = fields.find((field) => field.name === 'region') as CrudField;
  region.name = 'area';
  const added = {
    ...(fields.find((field) => field.name === 'title') as CrudField),
    name: 'subtitle',
    comment: 'Subtitle',
  };
  fields.push(added);
  const changes: TableDesignChange[] = [
    { type: 'add-field', oldName: '', newName: 'subtitle', sync },
    { type: 'change-field-name', oldName: 'region', newName: 'area', sync },
    { type: 'change-field-attr', oldName: 'stock', newName: 'stock', sync },
    { type: 'del-field', oldName: 'summary', newName: '', sync },
  ];
  return checkDesign({ ...body, fields, table: { ...body.table, designChange: changes } });
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

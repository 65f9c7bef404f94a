/**
 * A generated list's city column shows the area names (the web SDK's `city` cell, reading the
 * area endpoint as the city cascader does), not the stored ids; other columns keep theirs.
 */
import { expect, it } from 'vitest';
import { checkDesign, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign } from './every-type-design.js';

it("renders a city field's column with the city cell", () => {
  const generated = generateModule(checkDesign(everyTypeDesign()), null);
  const view = generated.files['apps/web/src/modules/crud_every/views/index.tsx'] ?? '';
  const column = (prop: string) => view.split('\n').find((line) => line.includes(`{ prop: '${prop}',`)) ?? '';
  expect(column('region')).toContain("render: 'city'");
  expect(column('title')).not.toContain('render:');
  expect(view.match(/render: 'city'/g)).toHaveLength(1);
});

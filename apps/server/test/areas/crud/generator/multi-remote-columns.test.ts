/**
 * A generated list's multi remote select with fields to show: a column per shown field, shown
 * as tags (the remote rows' values) and kept out of the common search (no join to filter on),
 * while the single remote select's columns stay searchable.
 */
import { expect, it } from 'vitest';
import { checkDesign, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign } from './every-type-design.js';

it("shows a multi remote select's shown fields as tag columns, not searched", () => {
  const generated = generateModule(checkDesign(everyTypeDesign()), null);
  const view = generated.files['apps/web/src/modules/crud_every/views/index.tsx'] ?? '';
  const column = (prop: string) => view.split('\n').find((line) => line.includes(`{ prop: '${prop}',`)) ?? '';
  for (const shown of ['nickname', 'username']) {
    expect(column(`editor.${shown}`)).toContain("render: 'tags', operator: false");
    expect(column(`member.${shown}`)).toContain("operator: 'LIKE'");
  }
  const lang = generated.files['apps/web/src/modules/crud_every/lang/en.ts'] ?? '';
  expect(lang).toContain('editor__nickname');
});

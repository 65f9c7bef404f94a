/**
 * The generated list's columns and form inputs come in the order of the design's fields (as
 * the original's), whatever order the table's column and form lists name them in: the designer
 * appends a field dropped at the top to the end of those lists, and the list then showed its
 * column last.
 */
import { expect, it } from 'vitest';
import { checkDesign, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign } from './every-type-design.js';

it('orders the columns and the form inputs as the fields, not as the lists name them', () => {
  const body = everyTypeDesign();
  const names = ['title', 'id', 'stock'];
  const design = checkDesign({
    ...body,
    table: { ...body.table, columnFields: names, formFields: ['stock', 'title'] },
  });
  const view = generateModule(design, null).files['apps/web/src/modules/crud_every/views/index.tsx'] ?? '';
  const fieldOrder = design.fields.map((field) => field.name);
  const inOrder = (list: string[]) => [...list].sort((a, b) => fieldOrder.indexOf(a) - fieldOrder.indexOf(b));
  const columns = [...view.matchAll(/\{ prop: '(\w+)'/g)].map((match) => match[1]);
  const inputs = [...view.matchAll(/<FormItem type="\w+" name=['"](\w+)['"]/g)].map((match) => match[1]);
  expect(columns).toEqual(inOrder(names));
  expect(columns).not.toEqual(names);
  expect(inputs).toEqual(inOrder(['stock', 'title']));
});

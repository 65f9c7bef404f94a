/**
 * The designer's pure parts: adding and reordering fields keeps the table's settings in step,
 * the pending table changes fold as the original records them, the client-side refusals, and
 * the JSON file round trip.
 */
import { FIELD_PALETTE } from '@portico/shared/crud-design';
import { expect, it } from 'vitest';
import { designRefusal } from '../../../src/areas/crud/design/checks';
import { designFromJson, designToJson } from '../../../src/areas/crud/design/json-file';
import {
  addField,
  moveField,
  newDesign,
  openDesign,
  removeField,
  renameField,
  updateField,
  updateTable,
} from '../../../src/areas/crud/design/model';

const item = (key: string) => {
  const found = FIELD_PALETTE.find((p) => p.key === key);
  if (!found) throw new Error(key);
  return found;
};

it('adds palette fields with unique names, listed and searched as their kind is', () => {
  let design = addField(newDesign(), item('Primary key'));
  design = addField(design, item('String'));
  design = addField(design, item('String'), 1);
  expect(design.fields.map((f) => f.name)).toEqual(['id', 'string_1', 'string']);
  expect(design.table.quickSearchField).toEqual(['id']);
  expect(design.table.defaultSortField).toBe('id');
  expect(design.table.formFields).toEqual(['string', 'string_1']);
  expect(design.table.designChange).toEqual([]);
});

it("derives an option field's column options from its comment, moving a default that is no longer one", () => {
  let design = addField(newDesign(), item('Select'));
  expect(design.fields[0]).toMatchObject({ dataType: "enum('opt0','opt1')", default: 'opt0' });
  design = updateField(design, 0, { comment: 'Kind:a=Apple,b=Banana' });
  expect(design.fields[0]).toMatchObject({ dataType: "enum('a','b')", default: 'a' });
  design = updateField(design, 0, { default: 'b' });
  design = updateField(design, 0, { comment: 'Kind:a=Apple,b=Banana,c=Cherry' });
  expect(design.fields[0]).toMatchObject({ dataType: "enum('a','b','c')", default: 'b' });
});

it('reorders, renames and deletes, following the names in the table settings', () => {
  let design = addField(addField(newDesign(), item('Primary key')), item('String'));
  design = moveField(design, 1, 0);
  expect(design.fields.map((f) => f.name)).toEqual(['string', 'id']);
  design = renameField(design, 1, 'pk');
  expect(design.table.quickSearchField).toEqual(['pk']);
  design = removeField(design, 1);
  expect(design.table).toMatchObject({ quickSearchField: [], defaultSortField: '' });
});

it('records the changes of a design of an existing table, folded', () => {
  const fields = [item('Primary key'), item('String')].map((p) => ({ ...p.field, table: {}, form: {} }));
  let design = openDesign('log', { name: 'news' }, fields);
  design = addField(design, item('Image'));
  design = renameField(design, 2, 'cover');
  design = renameField(design, 1, 'title');
  design = renameField(design, 1, 'string');
  design = removeField(design, 1);
  expect(design.table.designChange).toEqual([
    { type: 'add-field', index: 2, oldName: '', newName: 'cover', after: 'string', sync: true },
    { type: 'del-field', index: 1, oldName: 'string', newName: '', sync: true },
  ]);
});

it('refuses a bad or missing table name, bad or duplicate field names and the wrong number of primary keys', () => {
  let design = addField(newDesign(), item('String'));
  expect(designRefusal(design)?.key).toBe('Please enter the data table name!');
  design = updateTable(design, { name: 'Bad-Name' });
  expect(designRefusal(design)?.key).toBe('Please enter the correct table name!');
  design = updateTable(design, { name: 'news' });
  expect(designRefusal(design)?.key).toBe('Please design the primary key field!');
  design = addField(design, item('Primary key'));
  expect(designRefusal(design)).toBeNull();
  expect(designRefusal(renameField(design, 1, 'string'))).toEqual({
    key: 'Field name duplication',
    params: { field: 'string' },
  });
  expect(designRefusal(renameField(design, 1, '1id'))?.key).toBe('Field name is invalid');
  const twoKeys = renameField(addField(design, item('Primary key')), 2, 'id2');
  expect(designRefusal(twoKeys)?.key).toBe('There can only be one primary key field');
});

it('exports a design as JSON and imports it back unchanged', () => {
  let design = addField(addField(newDesign(), item('Primary key')), item('Select'));
  design = updateTable(design, { name: 'news', comment: 'News' });
  const back = designFromJson(designToJson(design));
  expect(openDesign('create', back.table, back.fields)).toEqual(design);
  expect(() => designFromJson('{"rows": []}')).toThrow('This file is not a CRUD design');
  expect(() => designFromJson('not json')).toThrow('This file is not a CRUD design');
});

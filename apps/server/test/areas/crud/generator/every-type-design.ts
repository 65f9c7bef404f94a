/**
 * A design with every design type of the palette, named so no name is reserved, and with a
 * hostile table comment and field comments (quotes, backticks, `*​/`, `${…}`, newlines,
 * `</script>`): what the generation tests build from.
 */
import {
  type CrudField,
  type CrudGenerateBody,
  FIELD_PALETTE,
  paletteField,
  type TableDesignChange,
} from '@portico/shared/crud-design';
import { type CheckedDesign, checkDesign } from '../../../../src/areas/crud/generator/index.js';

// biome-ignore lint/suspicious/noTemplateCurlyInString: the `${…}` is the hostile part.
export const HOSTILE = 'It\'s "quoted" `tick` */ ${process.exit(1)} \\ \n</script><script>alert(1)</script>';

/** Palette keys → field names that are not reserved words. */
const NAMES: Record<string, string> = {
  'Primary key': 'id',
  Status: 'status',
  Remark: 'remark',
  Weigh: 'weigh',
  'Update time': 'update_time',
  'Create time': 'create_time',
  'Remote select': 'member_id',
  String: 'title',
  Image: 'cover',
  File: 'attachment',
  Radio: 'kind',
  Checkbox: 'flags',
  Select: 'category',
  Switch: 'visible',
  'Rich text': 'body',
  Textarea: 'summary',
  Number: 'stock',
  Float: 'price',
  Password: 'secret',
  Date: 'day',
  Time: 'clock',
  Datetime: 'published_at',
  Year: 'made_year',
  Timestamp: 'expire_time',
  Array: 'specs',
  City: 'region',
  Icon: 'badge',
  Color: 'tint',
  Images: 'gallery',
  Files: 'documents',
  'Multi select': 'tags',
  'Multi remote select': 'editor_ids',
};

export function everyTypeFields(): CrudField[] {
  return FIELD_PALETTE.map((item) => {
    const field = paletteField(item);
    const name = NAMES[item.key] ?? item.key;
    const remote = field.designType === 'remoteSelect' || field.designType === 'remoteSelects';
    return {
      ...field,
      name,
      comment: name === 'title' ? `Title ${HOSTILE}` : field.comment,
      form: remote ? { ...field.form, 'remote-table': 'user', 'remote-field': 'nickname' } : field.form,
    };
  });
}

export function everyTypeDesign(table = 'crud_every'): CrudGenerateBody {
  return {
    type: 'create',
    table: {
      name: table,
      comment: `Every type ${HOSTILE}`,
      quickSearchField: ['id', 'title'],
      defaultSortField: 'weigh',
      defaultSortType: 'desc',
      columnFields: [],
      formFields: [],
      designChange: [],
      rebuild: 'No',
    },
    fields: everyTypeFields(),
  };
}

/**
 * The first design changed: a field added, two renamed, two changed, one dropped (a textarea:
 * `remark` keeps that design type), so it still has every design type. As sent to
 * crud.Crud/generate; `changedDesign` is the same, checked.
 */
export function changedDesignBody(sync = true): CrudGenerateBody {
  const body = everyTypeDesign();
  const fields = body.fields.filter((field) => field.name !== 'summary');
  const stock = fields.find((field) => field.name === 'stock') as CrudField;
  Object.assign(stock, { type: 'bigint', length: 20, default: '5', defaultType: 'INPUT', null: false });
  const region = fields.find((field) => field.name === 'region') as CrudField;
  region.name = 'area';
  // Two indexed (sortable) columns: one changes its type, one its name.
  const year = fields.find((field) => field.name === 'made_year') as CrudField;
  Object.assign(year, { type: 'int', length: 10 });
  const clock = fields.find((field) => field.name === 'clock') as CrudField;
  clock.name = 'clock_at';
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
    { type: 'change-field-attr', oldName: 'made_year', newName: 'made_year', sync },
    { type: 'change-field-name', oldName: 'clock', newName: 'clock_at', sync },
  ];
  return { ...body, fields, table: { ...body.table, designChange: changes } };
}

export function changedDesign(sync = true): CheckedDesign {
  return checkDesign(changedDesignBody(sync));
}

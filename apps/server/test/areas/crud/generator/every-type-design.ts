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
      form: remote
        ? {
            ...field.form,
            'remote-table': 'user',
            'remote-field': 'nickname',
            // Both remote selects show the members' nicknames and usernames as list columns.
            'relation-fields': 'nickname,username',
          }
        : field.form,
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

/** A row of the generated add form, every design type of everyTypeDesign filled. */
export function everyTypeRow(title: string, weigh: number, stock: number) {
  return {
    status: 1,
    remark: 'a remark',
    weigh,
    member_id: 1,
    title,
    cover: '/storage/default/cover.png',
    attachment: '/storage/default/file.pdf',
    kind: 'opt1',
    flags: ['opt0', 'opt1'],
    category: 'opt1',
    visible: 0,
    body: '<p>Rich <b>text</b></p>',
    summary: `summary of ${title}`,
    stock,
    price: 12.5,
    secret: 'not-shown',
    day: '2024-05-06',
    clock: '08:30:00',
    published_at: '2024-05-06 08:30:00',
    made_year: 2024,
    expire_time: '2024-05-06 08:30:00',
    specs: [{ key: 'size', value: 'L' }],
    region: 'Shanghai',
    badge: 'fa fa-star',
    tint: '#ff0000',
    gallery: ['/storage/a.png', '/storage/b.png'],
    documents: ['/storage/a.pdf'],
    tags: ['opt0', 'opt1'],
    editor_ids: [1, 2],
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

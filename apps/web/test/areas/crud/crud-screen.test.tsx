/**
 * The CRUD generator's screen against a real local server: fields added from the palette by
 * click, reordered, edited in the properties pane; the client's refusals before any call;
 * generateCheck's -1 showing the overwrite confirm, then generate and the new screen; a design
 * from an original-shaped crud_log record; a JSON file imported into the designer.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { resetRequestState, setBaseUrl } from '../../../src/api/request';
import { designToJson } from '../../../src/areas/crud/design/json-file';
import { openDesign } from '../../../src/areas/crud/design/model';
import { CrudScreen } from '../../../src/areas/crud/views/crud-page';
import { initI18n, loadBackendTexts, loadModuleTexts } from '../../../src/lang';
import { type ApiAnswer, type LocalApi, listenAsApi } from '../../support/local-server';

let server: LocalApi;
/** The machine running the tests may be busy: a dialog or an answer may take seconds to show. */
const WAIT = { timeout: 10_000 };

// antd screens render slowly in jsdom under load.
vi.setConfig({ testTimeout: 60_000 });

/** A design saved by the original: its crud_log `table` and `fields` as stored. */
const ORIGINAL_RECORD = {
  table: {
    name: 'news',
    comment: 'News',
    quickSearchField: ['id'],
    defaultSortField: 'id',
    formFields: ['title'],
    columnFields: ['id', 'title'],
    defaultSortType: 'desc',
    generateRelativePath: '',
    isCommonModel: 0,
    modelFile: 'app/admin/model/News.php',
    controllerFile: 'app/admin/controller/News.php',
    validateFile: 'app/admin/validate/News.php',
    webViewsDir: 'web/src/views/backend/news',
    databaseConnection: '',
    designChange: [],
    rebuild: 'No',
  },
  fields: [
    {
      title: '主键',
      name: 'id',
      comment: 'ID',
      designType: 'pk',
      formBuildExclude: true,
      table: { width: 70, operator: 'RANGE', sortable: 'custom' },
      form: {},
      type: 'int',
      length: 10,
      precision: 0,
      defaultType: 'NONE',
      null: false,
      primaryKey: true,
      unsigned: true,
      autoIncrement: true,
    },
    {
      title: '字符串',
      name: 'title',
      comment: 'Title',
      designType: 'string',
      table: { render: 'none', operator: 'LIKE', sortable: 'false' },
      form: { validator: ['required'], validatorMsg: '' },
      type: 'varchar',
      length: 200,
      precision: 0,
      default: '',
      defaultType: 'EMPTY STRING',
      null: false,
      primaryKey: false,
      unsigned: false,
      autoIncrement: false,
    },
  ],
};

const ANSWERS: Record<string, () => ApiAnswer> = {
  '/admin/crud.Crud/generateCheck': () => ({ code: -1, data: { table: true, controller: false } }),
  '/admin/crud.Crud/generate': () => ({ code: 1, data: { needRebuild: false, restarting: false } }),
  '/admin/crud.Crud/logStart': () => ({ code: 1, data: ORIGINAL_RECORD }),
  '/admin/crud.Log/index': () => ({
    code: 1,
    data: {
      list: [
        {
          id: 3,
          table_name: 'news',
          status: 'success',
          connection: '',
          create_time: 1700000000,
          ...ORIGINAL_RECORD,
        },
      ],
      total: 1,
    },
  }),
};

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadBackendTexts(), loadModuleTexts()]);
  server = await listenAsApi(({ path }) => ANSWERS[path]?.() ?? { code: 0, msg: `unexpected ${path}` });
});
afterAll(() => server.close());
beforeEach(() => {
  setBaseUrl(server.url);
  resetRequestState();
  server.calls.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const fieldNames = () =>
  screen
    .queryAllByTestId('crud-field')
    .map((item) => (within(item).getByLabelText('Field name') as HTMLInputElement).value);

function startCreating(go = vi.fn()) {
  render(<CrudScreen go={go} />);
  fireEvent.click(screen.getByText('Create'));
  return go;
}

const palette = () => within(screen.getByTestId('crud-palette'));

it('adds fields from the palette by click, reorders them and edits the selected one', async () => {
  startCreating();
  expect(screen.getByText('Drag a field kind here, or click one, to start designing')).toBeTruthy();
  fireEvent.click(palette().getByRole('button', { name: 'Primary key' }));
  fireEvent.click(palette().getByRole('button', { name: 'String' }));
  expect(fieldNames()).toEqual(['id', 'string']);

  const second = screen.getAllByTestId('crud-field')[1] as HTMLElement;
  fireEvent.click(within(second).getByRole('button', { name: 'Move up' }));
  expect(fieldNames()).toEqual(['string', 'id']);

  // The moved field stays selected: its properties are edited.
  const properties = within(screen.getByTestId('crud-properties'));
  fireEvent.change(properties.getByLabelText('Field comment (CRUD dictionary)'), {
    target: { value: 'Kind:a=Apple,b=Banana' },
  });
  fireEvent.change(properties.getByLabelText('Field name'), { target: { value: 'kind' } });
  expect(fieldNames()).toEqual(['kind', 'id']);
  expect(
    (
      within(screen.getAllByTestId('crud-field')[0] as HTMLElement).getByLabelText(
        'Field comment',
      ) as HTMLInputElement
    ).value,
  ).toBe('Kind:a=Apple,b=Banana');
});

it('names the design type of a create time field after its type, not after Update time', () => {
  startCreating();
  fireEvent.click(palette().getByRole('button', { name: 'Create time' }));
  const properties = within(screen.getByTestId('crud-properties'));
  expect(properties.getByText('Timestamp (date and time) (timestamp)')).toBeTruthy();
  expect(properties.queryByText(/Update time/)).toBeNull();
});

it('adds a palette item where it is dropped (native drag and drop)', () => {
  startCreating();
  fireEvent.click(palette().getByRole('button', { name: 'String' }));
  fireEvent.dragStart(palette().getByRole('button', { name: 'Primary key' }));
  const first = screen.getAllByTestId('crud-field')[0] as HTMLElement;
  fireEvent.dragOver(first);
  fireEvent.drop(first);
  expect(fieldNames()).toEqual(['id', 'string']);
});

it.each([
  ['no table name', '', ['Primary key'], 'Please enter the table name'],
  ['a bad table name', 'Bad-Name', ['Primary key'], 'A table name is lower-case letters'],
  ['a duplicate field', 'news', ['Primary key', 'String', 'String'], null],
  ['no primary key', 'news', ['String'], 'Please add a primary key field'],
])('refuses %s before calling the server', async (_case, name, items, text) => {
  startCreating();
  for (const key of items) fireEvent.click(palette().getByRole('button', { name: key }));
  if (text === null) {
    const third = screen.getAllByTestId('crud-field')[2] as HTMLElement;
    fireEvent.change(within(third).getByLabelText('Field name'), { target: { value: 'string' } });
  }
  fireEvent.change(screen.getByLabelText('Table name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Generate CRUD code' }));
  expect(
    await screen.findAllByText(new RegExp(text ?? 'Field name string is used twice'), undefined, WAIT),
  ).not.toHaveLength(0);
  expect(server.calls).toEqual([]);
});

it('asks before overwriting an existing table, then generates and opens the new screen', async () => {
  const go = startCreating();
  fireEvent.click(palette().getByRole('button', { name: 'Primary key' }));
  fireEvent.click(palette().getByRole('button', { name: 'String' }));
  fireEvent.change(screen.getByLabelText('Table name'), { target: { value: 'shop_product' } });
  fireEvent.click(screen.getByRole('button', { name: 'Generate CRUD code' }));
  expect(await screen.findByText(/The data table already exists/, undefined, WAIT)).toBeTruthy();
  expect(server.calls.map((c) => c.path)).toEqual(['/admin/crud.Crud/generateCheck']);
  expect(server.calls[0]?.body).toEqual({ table: 'shop_product', connection: '', controllerFile: '' });

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
  await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/admin/shop/product'), WAIT);
  const generate = server.calls[1];
  expect(generate?.path).toBe('/admin/crud.Crud/generate');
  expect(generate?.body).toMatchObject({
    type: 'create',
    table: { name: 'shop_product', quickSearchField: ['id'] },
    fields: [{ name: 'id', primaryKey: true }, { name: 'string' }],
  });
});

it('opens a design the original saved, copied from the CRUD record', async () => {
  render(<CrudScreen go={vi.fn()} />);
  fireEvent.click(screen.getByText('CRUD record'));
  fireEvent.click(await screen.findByRole('button', { name: 'Copy' }, WAIT));
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }, WAIT));
  });
  await screen.findByTestId('crud-designer', undefined, WAIT);
  expect(fieldNames()).toEqual(['id', 'title']);
  expect((screen.getByLabelText('Table name') as HTMLInputElement).value).toBe('news');
  expect(screen.getByText(/Table design change/)).toBeTruthy();
  expect(server.calls.find((c) => c.path === '/admin/crud.Crud/logStart')?.body).toEqual({ id: 3 });
});

it('imports a design from a JSON file', async () => {
  startCreating();
  const file = new File(
    [designToJson(openDesign('create', ORIGINAL_RECORD.table as never, ORIGINAL_RECORD.fields as never))],
    'news.json',
    {
      type: 'application/json',
    },
  );
  await act(async () => {
    fireEvent.change(screen.getByTestId('crud-import-file'), { target: { files: [file] } });
  });
  await vi.waitFor(() => expect(fieldNames()).toEqual(['id', 'title']), WAIT);
  expect((screen.getByLabelText('Table name') as HTMLInputElement).value).toBe('news');
});

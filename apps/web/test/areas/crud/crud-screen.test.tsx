/**
 * The CRUD generator's screen against a real local server: fields added from the palette by
 * click, reordered, edited in the properties pane; the client's refusals before any call;
 * generateCheck's -1 showing the overwrite confirm, then generate and the new screen; a design
 * from an original-shaped crud_log record; a JSON file imported into the designer; a record's
 * module downloaded as a package and published on the store, offered to super administrators.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { resetRequestState, setBaseUrl } from '../../../src/api/request';
import { designToJson } from '../../../src/areas/crud/design/json-file';
import { openDesign } from '../../../src/areas/crud/design/model';
import { CrudScreen } from '../../../src/areas/crud/views/crud-page';
import { TabProvider } from '../../../src/components/tab-context';
import { initI18n, loadBackendTexts, loadModuleTexts } from '../../../src/lang';
import { useAdminInfo } from '../../../src/stores/admin-info';
import type { PageRoute } from '../../../src/stores/admin-routes';
import { useNavTabs } from '../../../src/stores/nav-tabs';
import { type ApiAnswer, type LocalApi, listenAsApi } from '../../support/local-server';
import { WAIT } from '../../support/wait';

let server: LocalApi;

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

const ORIGINAL_ROW = {
  id: 3,
  table_name: 'news',
  status: 'success',
  connection: '',
  create_time: 1700000000,
  ...ORIGINAL_RECORD,
};
/** The CRUD record the list answers (a test may replace it). */
let logRows: object[] = [ORIGINAL_ROW];

const ANSWERS: Record<string, () => ApiAnswer> = {
  '/admin/crud.Crud/generateCheck': () => ({ code: -1, data: { table: true, controller: false } }),
  '/admin/crud.Crud/generate': () => ({ code: 1, data: { needRebuild: false, restarting: false } }),
  '/admin/crud.Crud/logStart': () => ({ code: 1, data: ORIGINAL_RECORD }),
  '/admin/crud.Log/index': () => ({ code: 1, data: { list: logRows, total: logRows.length } }),
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
  logRows = [ORIGINAL_ROW];
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

/** The package a download answers: a zip's first bytes are enough for the browser. */
const PACKAGE = {
  body: Buffer.from('PK\u0003\u0004 news 1.0.2'),
  type: 'application/zip',
  name: 'news-1.0.2.zip',
};
const CRUD_PATH = '/admin/crud/crud';
/** The record's table takes a while to render in jsdom on a busy machine; text queries are the quick ones. */
const SLOW = { timeout: 30_000 };

/** The screen in its tab, for an administrator holding these of its buttons. */
function renderInTab(actions: string[], isSuper: boolean) {
  useAdminInfo.setState({ super: isSuper });
  useNavTabs.setState({ authNode: new Map([[CRUD_PATH, actions.map((a) => `${CRUD_PATH}/${a}`)]]) });
  const tab = { path: CRUD_PATH, title: 'CRUD', search: '', generation: 0, route: {} as PageRoute };
  render(
    <TabProvider tab={tab}>
      <CrudScreen go={vi.fn()} />
    </TabProvider>,
  );
  fireEvent.click(screen.getByText('CRUD record'));
}

it("downloads and publishes the newest successful record's module, for a super administrator", async () => {
  logRows = [
    { ...ORIGINAL_ROW, id: 5, package: true },
    { ...ORIGINAL_ROW, id: 4, package: false },
    { ...ORIGINAL_ROW, id: 3, status: 'delete', package: false },
  ];
  const answers = { ...ANSWERS };
  answers['/admin/crud.Crud/download'] = () => ({ file: PACKAGE });
  answers['/admin/crud.Crud/publish'] = () => ({
    code: 1,
    msg: 'Version 1.0.2 of news is published on the store',
    data: { uid: 'news', version: '1.0.2', moduleId: 1, created: true },
  });
  const own = await listenAsApi(({ path }) => answers[path]?.() ?? { code: 0, msg: `unexpected ${path}` });
  setBaseUrl(own.url);
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') as Blob });
  });
  try {
    renderInTab(['index', 'generate', 'delete'], true);
    const downloads = await screen.findAllByText('Download package', undefined, SLOW);
    // Only the newest successful record has a package; the older one says why it has none.
    expect(downloads).toHaveLength(1);
    expect(screen.getAllByText('No package: its module was deleted or generated again since')).toHaveLength(
      1,
    );

    await act(async () => {
      fireEvent.click(downloads[0] as HTMLElement);
    });
    await vi.waitFor(() => expect(saved).toHaveLength(1), SLOW);
    const [file] = saved;
    expect(file?.name).toBe('news-1.0.2.zip');
    expect(Buffer.from(await (file as { blob: Blob }).blob.arrayBuffer())).toEqual(PACKAGE.body);
    const download = own.calls.find((c) => c.path === '/admin/crud.Crud/download');
    expect(download?.query.get('id')).toBe('5');

    fireEvent.click(screen.getByText('Publish on the store'));
    const ok = await screen.findByText('OK', undefined, SLOW);
    await act(async () => {
      fireEvent.click(ok);
    });
    expect(
      await screen.findByText('Version 1.0.2 of news is published on the store', undefined, SLOW),
    ).toBeTruthy();
    expect(own.calls.find((c) => c.path === '/admin/crud.Crud/publish')?.body).toEqual({ id: 5 });
  } finally {
    await own.close();
  }
});

it("shows the server's reason when a record's package is refused", async () => {
  logRows = [{ ...ORIGINAL_ROW, package: true }];
  const answers = { ...ANSWERS };
  const gone = 'The module news of this record was deleted: generate it again to download or publish it';
  answers['/admin/crud.Crud/download'] = () => ({ code: 0, msg: gone });
  const own = await listenAsApi(({ path }) => answers[path]?.() ?? { code: 0, msg: `unexpected ${path}` });
  setBaseUrl(own.url);
  try {
    renderInTab(['index', 'generate'], true);
    // Found outside act: inside it React holds the renders that would show the button.
    const button = await screen.findByText('Download package', undefined, SLOW);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByText(gone, undefined, SLOW)).toBeTruthy();
  } finally {
    await own.close();
  }
});

it('offers neither to an administrator who is not super, nor without the generate rule', async () => {
  logRows = [{ ...ORIGINAL_ROW, package: true }];
  renderInTab(['index', 'generate', 'delete'], false);
  expect(await screen.findByText('Delete code', undefined, SLOW)).toBeTruthy();
  expect(screen.queryByText('Download package')).toBeNull();
  expect(screen.queryByText('Publish on the store')).toBeNull();
  cleanup();
  renderInTab(['index', 'delete'], true);
  expect(await screen.findByText('Delete code', undefined, SLOW)).toBeTruthy();
  expect(screen.queryByText('Download package')).toBeNull();
});

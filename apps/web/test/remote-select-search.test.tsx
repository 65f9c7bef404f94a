/**
 * A remote select (a generated form's remote-select field, or a built-in screen's) against a
 * real local server: the current value shows its label, not its id; typing searches the remote
 * list with the keyword after a pause; choosing a found row sets the form's value.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { resetRequestState, setBaseUrl } from '../src/api/request';
import { FormItem } from '../src/components/form/form-item';
import { initI18n, loadBackendTexts } from '../src/lang';
import { type LocalApi, listenAsApi } from './support/local-server';
import { WAIT } from './support/wait';

vi.setConfig({ testTimeout: 60_000 });

const MEMBERS = [
  { id: 3, nickname: 'Alice' },
  { id: 7, nickname: 'Bob' },
  { id: 9, nickname: 'Bobby' },
];

let server: LocalApi;
beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
  // As a resource's index answers a select box: initValue picks rows, quickSearch filters them.
  server = await listenAsApi(({ path, query }) => {
    if (path !== '/admin/user.User/index') return { code: 0, msg: `unexpected ${path}` };
    const wanted = query.getAll('initValue[]').concat(query.getAll('initValue')).map(Number);
    const keyword = (query.get('quickSearch') ?? '').toLowerCase();
    const list = MEMBERS.filter((m) =>
      wanted.length > 0 ? wanted.includes(m.id) : m.nickname.toLowerCase().includes(keyword),
    );
    return { data: { list, total: list.length } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  setBaseUrl(server.url);
  resetRequestState();
  server.calls.length = 0;
});
afterEach(cleanup);

it('shows the current label, searches as the user types, and sets the chosen value', async () => {
  let form: ReturnType<typeof Form.useForm>[0] | undefined;
  function Page() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ member_id: 3 }}>
        <FormItem
          type="remoteSelect"
          name="member_id"
          label="Member"
          remote={{ url: '/admin/user.User/index', pk: 'id', field: 'nickname' }}
        />
      </Form>
    );
  }
  render(<Page />);
  expect(await screen.findByText('Alice', {}, WAIT)).toBeTruthy();
  expect(server.calls[0]?.query.get('initKey')).toBe('id');

  const search = screen.getByRole('combobox');
  await act(async () => {
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: 'bob' } });
  });
  await waitFor(
    () => expect(server.calls.some((call) => call.query.get('quickSearch') === 'bob')).toBe(true),
    WAIT,
  );
  const found = await screen.findByTitle('Bobby', {}, WAIT);
  expect(screen.getByTitle('Bob')).toBeTruthy();
  await act(async () => {
    fireEvent.click(found);
  });
  expect(String(form?.getFieldValue('member_id'))).toBe('9');
});

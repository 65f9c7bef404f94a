/**
 * An empty list says what to do next instead of "No data": with nothing searched, that the
 * list (by its tab's title) has nothing yet, with the add button when the administrator may
 * add; with a search active, that nothing matches, and a button that clears the search.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { TabProvider } from '../src/components/tab-context';
import { ListPage } from '../src/components/table/list-page';
import type { ListSpec } from '../src/components/table/types';
import { initI18n, loadBackendTexts } from '../src/lang';
import type { PageRoute } from '../src/stores/admin-routes';
import { useNavTabs } from '../src/stores/nav-tabs';

const requests = vi.hoisted(() => [] as { url: string; params: Record<string, unknown> }[]);
vi.mock('../src/api/request', async (original) => ({
  ...(await original<typeof import('../src/api/request')>()),
  createAxios: async (config: { url: string; params?: Record<string, unknown> }) => {
    requests.push({ url: config.url, params: config.params ?? {} });
    return { code: 1, msg: '', time: 0, data: { list: [], total: 0, remark: '' } };
  },
}));

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(() => {
  cleanup();
  requests.length = 0;
});

const PATH = '/admin/test/thing';
const spec: ListSpec = {
  api: '/admin/test.Thing/',
  quickSearchFields: 'Id',
  columns: [{ prop: 'id', label: 'Id' }],
  form: () => null,
};

/** What the empty list says (its picture's own title aside). */
const description = (empty: HTMLElement) => empty.querySelector('.ant-empty-description')?.textContent;

function renderList(actions: string[], search = '') {
  useNavTabs.setState({ authNode: new Map([[PATH, actions.map((a) => `${PATH}/${a}`)]]) });
  const tab = { path: PATH, title: 'Things', search, generation: 0, route: {} as PageRoute };
  render(
    <TabProvider tab={tab}>
      <ListPage spec={spec} />
    </TabProvider>,
  );
}

it('tells an administrator who may add how to add the first record', async () => {
  renderList(['add']);
  const empty = await screen.findByTestId('list-empty');
  expect(description(empty)).toBe('No records in “Things” yet.');
  const add = empty.querySelector('button');
  expect(add?.textContent).toBe('Create the first one');
});

it('only says the list is empty to one who may not add', async () => {
  renderList([]);
  const empty = await screen.findByTestId('list-empty');
  expect(description(empty)).toBe('No records in “Things” yet.');
  expect(empty.querySelector('button')).toBeNull();
});

it('says nothing matches a search, and clears it', async () => {
  // A common-search value from the query opens the common search.
  renderList(['add'], 'quickSearch=zzz&id=7');
  const empty = await screen.findByTestId('list-empty');
  expect(screen.getByTestId('quick-search').querySelector('input')?.value).toBe('zzz');
  expect(description(empty)).toBe('Nothing matches the search.');
  expect(requests.at(-1)?.params.quickSearch).toBe('zzz');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
  });
  expect(requests.at(-1)?.params.quickSearch).toBeUndefined();
  expect(requests.at(-1)?.params.search).toBeUndefined();
  expect((await screen.findByTestId('list-empty')).querySelector('button')?.textContent).toBe(
    'Create the first one',
  );
  // The quick-search box is emptied too, so it does not search the old text again.
  const box = screen.getByTestId('quick-search').querySelector('input');
  expect(box?.value).toBe('');
  // One common search, emptied too.
  const panels = document.querySelectorAll('.ba-com-search');
  expect(panels).toHaveLength(1);
  expect(panels[0]?.querySelector('input')?.value).toBe('');
});

/** Pure parts of the list page and form items: search items, URL prefill, upload checks, sizes. */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { uploadProblem } from '../src/components/form/upload-checks';
import { toItems } from '../src/components/table/com-search';
import { indexParams, initialFilter } from '../src/components/table/filter';
import type { Column } from '../src/components/table/types';
import { fileSize } from '../src/utils/file-size';

const columns: Column[] = [
  { prop: 'id', label: 'Id' },
  { prop: 'username', label: 'Username', operator: 'LIKE' },
  { prop: 'create_time', label: 'Create time', render: 'datetime', operator: 'RANGE' },
  { prop: 'quote', label: 'Quote', operator: 'RANGE' },
  { prop: 'deleted_at', label: 'Deleted', operator: 'NULL' },
  {
    prop: 'status',
    label: 'State',
    render: 'tag',
    replaceValue: { '0': 'Disable', '1': 'Enable' },
    operator: 'IN',
  },
  { prop: 'avatar', label: 'Avatar', operator: false },
];

describe('common search', () => {
  it('turns filled widgets into search items and leaves empty ones out', () => {
    const start = dayjs('2026-01-01 00:00:00');
    const end = dayjs('2026-01-31 23:59:59');
    const items = toItems(columns, {
      id: '',
      username: 'ali',
      create_time: [start, end],
      quote: ['', ''],
      deleted_at: true,
      status: ['0', '1'],
    });
    expect(items).toEqual([
      { field: 'username', operator: 'LIKE', val: 'ali' },
      // Dates travel as unix seconds: the browser knows its time zone.
      { field: 'create_time', operator: 'RANGE', render: 'datetime', val: `${start.unix()},${end.unix()}` },
      { field: 'deleted_at', operator: 'NULL', val: '' },
      { field: 'status', operator: 'IN', val: '0,1' },
    ]);
  });

  it('prefills the first load from the URL query, for searchable columns only', () => {
    const filter = initialFilter(
      { api: '/x/', columns },
      new URLSearchParams('username=bob&avatar=a.png&quickSearch=q'),
    );
    expect(filter.search).toEqual([{ field: 'username', operator: 'LIKE', val: 'bob' }]);
    expect(filter.quickSearch).toBe('q');
    expect(indexParams(filter, { isTree: 1 })).toEqual({
      isTree: 1,
      page: 1,
      limit: 10,
      quickSearch: 'q',
      search: [{ field: 'username', operator: 'LIKE', val: 'bob' }],
    });
    // Trees are not paged.
    expect(indexParams(filter, {}, false)).not.toHaveProperty('page');
  });

  it("keeps a screen's fixed conditions under the administrator's own filters", () => {
    const fixed = { field: 'module_id', val: '7', operator: '=' };
    const filter = initialFilter({ api: '/x/', columns }, new URLSearchParams('username=bob'));
    expect(indexParams(filter, { search: [fixed] }).search).toEqual([
      fixed,
      { field: 'username', operator: 'LIKE', val: 'bob' },
    ]);
    expect(
      indexParams(initialFilter({ api: '/x/', columns }, new URLSearchParams()), { search: [fixed] }).search,
    ).toEqual([fixed]);
  });
});

describe('upload checks in the browser', () => {
  const config = {
    maxSize: 1024,
    saveName: '',
    allowedSuffixes: 'jpg,png,zip',
    allowedMimeTypes: '',
    mode: 'local',
  };
  it('names the first problem with the messages of the specification', () => {
    expect(uploadProblem({ name: '', size: 10, type: 'image/png' }, config)).toBe(
      'utils.The data of the uploaded file is incomplete!',
    );
    expect(uploadProblem({ name: 'a.exe', size: 10, type: 'application/x-msdownload' }, config)).toBe(
      'utils.The type of uploaded file is not allowed!',
    );
    expect(uploadProblem({ name: 'a.png', size: 2048, type: 'image/png' }, config)).toBe(
      'utils.The size of the uploaded file exceeds the allowed range!',
    );
    expect(uploadProblem({ name: 'A.PNG', size: 20, type: 'image/png' }, config)).toBeNull();
    expect(
      uploadProblem(
        { name: 'a.gif', size: 20, type: 'image/gif' },
        { ...config, allowedSuffixes: 'image/*' },
      ),
    ).toBeNull();
  });
});

it('shows sizes in 1024-based units', () => {
  expect(fileSize(512)).toBe('512 B');
  expect(fileSize(1536)).toBe('1.50 KB');
  expect(fileSize(5 * 1024 * 1024)).toBe('5.00 MB');
});

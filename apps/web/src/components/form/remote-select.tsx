/**
 * A select whose options come from a resource's `index` (as in the original): the current
 * value's label is loaded first (initKey/initValue), typing searches after 300 ms, and a
 * pager walks through pages of 10.
 */
import { Pagination, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createAxios } from '../../api/request';

const SEARCH_DEBOUNCE_MS = 300;

interface Option {
  value: string;
  label: string;
}

export interface RemoteSelectProps {
  url: string;
  pk?: string;
  field?: string;
  params?: Record<string, unknown>;
  multiple?: boolean;
  value?: string | string[] | number | number[];
  onChange?(value: string | string[] | undefined): void;
  placeholder?: string;
  disabled?: boolean;
  /** Set by Form.Item: its label's `for`, so the field is named by the label. */
  id?: string;
}

export function RemoteSelect({
  url,
  pk = 'id',
  field = 'name',
  params,
  multiple,
  value,
  onChange,
  placeholder,
  disabled,
  id,
}: RemoteSelectProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);
  const paramsRef = useRef(params);
  paramsRef.current = params;
  // 0 is "none" for parent ids (pid), as the server stores top-level rows.
  const current =
    value === undefined || value === null || value === ''
      ? []
      : ([] as unknown[])
          .concat(value)
          .map(String)
          .filter((v) => v !== '0');
  const key = pk.split('.').pop() ?? pk;

  const load = async (query: Record<string, unknown>) => {
    setLoading(true);
    try {
      const { data } = await createAxios<{
        options?: Record<string, unknown>[];
        list?: Record<string, unknown>[];
        total?: number;
      }>(
        { url, method: 'get', params: { select: 1, ...paramsRef.current, ...query } },
        { cancelDuplicateRequest: false },
      );
      const rows = data.options ?? data.list ?? [];
      setTotal(Number(data.total ?? 0));
      return rows.map((row) => ({ value: String(row[key]), label: String(row[field] ?? row[key]) }));
    } finally {
      setLoading(false);
    }
  };

  // The current value's labels first, so the select never shows bare ids.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per source.
  useEffect(() => {
    const initial = current.length > 0 ? { initKey: key, initValue: current } : { page: 1 };
    load(initial)
      .then(setOptions)
      .catch(() => {})
      .finally(() => setReady(true));
  }, [url]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: searches when the keyword or page changes.
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      load({ quickSearch: keyword, page })
        .then((rows) =>
          setOptions((old) =>
            merge(
              rows,
              old.filter((o) => current.includes(o.value)),
            ),
          ),
        )
        .catch(() => {});
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, page, ready]);

  return (
    <Select
      id={id}
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          setKeyword(text);
          setPage(1);
        },
      }}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={disabled || !ready}
      loading={loading}
      placeholder={placeholder}
      value={multiple ? current : current[0]}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      popupRender={(menu) => (
        <>
          {menu}
          {total > 10 && (
            <Pagination
              size="small"
              simple
              current={page}
              total={total}
              pageSize={10}
              onChange={setPage}
              style={{ padding: 8, textAlign: 'right' }}
            />
          )}
        </>
      )}
    />
  );
}

function merge(first: Option[], second: Option[]): Option[] {
  const seen = new Set(first.map((o) => o.value));
  return [...first, ...second.filter((o) => !seen.has(o.value))];
}

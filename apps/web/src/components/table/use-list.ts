/** State and server calls of a list page: load, delete, switch cells, weigh sorting. */
import type { ListKey, ListSeek, ListTotalKind } from '@portico/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createAxios } from '../../api/request';
import { useTabQuery } from '../tab-context';
import { type Filter, indexParams, initialFilter } from './filter';
import type { ListSpec, Row } from './types';

export interface ListState<R extends Row> {
  list: R[];
  total: number;
  /** How the server obtained `total`: counted, estimated ("about") or a lower bound. */
  totalKind: ListTotalKind;
  remark: string;
  /** Everything else `index` answered (e.g. the caller's groups). */
  extra: Row;
  loading: boolean;
}

export function useList<R extends Row>(spec: ListSpec<R>) {
  const query = useTabQuery();
  const [filter, setFilter] = useState<Filter>(() => initialFilter(spec, query));
  const [state, setState] = useState<ListState<R>>({
    list: [],
    total: 0,
    totalKind: 'exact',
    remark: '',
    extra: {},
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const specRef = useRef(spec);
  specRef.current = spec;
  const pk = spec.pk ?? 'id';
  /** The shown page's first and last rows, sent once with a move to a neighbouring page. */
  const seekRef = useRef<ListSeek | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version forces a reload with the same filter.
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    const { api, params, tree } = specRef.current;
    const seek = seekRef.current;
    seekRef.current = undefined;
    const query = { ...indexParams(filter, params, !tree), ...(seek ? { seek } : {}) };
    createAxios<Row>({ url: `${api}index`, method: 'get', params: query })
      .then(({ data }) => {
        if (!alive) return;
        const { list, total, totalKind, remark, ...extra } = data;
        const rows = (list ?? []) as R[];
        setState({
          list: rows,
          total: Number(total ?? rows.length),
          totalKind: totalKind === 'about' || totalKind === 'atLeast' ? totalKind : 'exact',
          remark: String(remark ?? ''),
          extra,
          loading: false,
        });
      })
      .catch(() => alive && setState((s) => ({ ...s, loading: false })));
    return () => {
      alive = false;
    };
  }, [filter, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  /**
   * Called just before moving from the shown page to `page` with the same order and size: a
   * page near the shown one is then read on from its key (the server decides how near), so
   * paging through deep pages costs what the first pages do.
   */
  const seekFrom = useCallback(
    (page: number) => {
      const rows = state.list;
      const first = rows[0];
      const last = rows[rows.length - 1];
      if (page === filter.page || !first || !last) return;
      const field = filter.order.split(',')[0] ?? '';
      const key = (row: R): ListKey => {
        const id = Number(row[pk]);
        if (!field || field === pk) return { id };
        const value = row[field];
        return { id, value: value === null || value === undefined || value === '' ? null : Number(value) };
      };
      seekRef.current = { page: filter.page, first: key(first), last: key(last) };
    },
    [state.list, filter.page, filter.order, pk],
  );

  const remove = useCallback(
    async (ids: unknown[]) => {
      await createAxios(
        { url: `${specRef.current.api}del`, method: 'delete', params: { ids } },
        { showSuccessMessage: true },
      );
      refresh();
    },
    [refresh],
  );

  const saveSwitch = useCallback(
    async (row: R, prop: string, value: string) => {
      await createAxios(
        { url: `${specRef.current.api}edit`, method: 'post', data: { [pk]: row[pk], [prop]: value } },
        { showSuccessMessage: true },
      );
      refresh();
    },
    [pk, refresh],
  );

  const sort = useCallback(
    async (id: unknown, targetId: unknown) => {
      try {
        await createAxios({ url: `${specRef.current.api}sortable`, method: 'post', data: { id, targetId } });
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  return { filter, setFilter, state, refresh, remove, saveSwitch, sort, pk, seekFrom };
}

/** State and server calls of a list page: load, delete, switch cells, weigh sorting. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createAxios } from '../../api/request';
import { useTabQuery } from '../tab-context';
import { type Filter, indexParams, initialFilter } from './filter';
import type { ListSpec, Row } from './types';

export interface ListState<R extends Row> {
  list: R[];
  total: number;
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
    remark: '',
    extra: {},
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const specRef = useRef(spec);
  specRef.current = spec;
  const pk = spec.pk ?? 'id';

  // biome-ignore lint/correctness/useExhaustiveDependencies: version forces a reload with the same filter.
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    const { api, params, tree } = specRef.current;
    createAxios<Row>({ url: `${api}index`, method: 'get', params: indexParams(filter, params, !tree) })
      .then(({ data }) => {
        if (!alive) return;
        const { list, total, remark, ...extra } = data;
        const rows = (list ?? []) as R[];
        setState({
          list: rows,
          total: Number(total ?? rows.length),
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

  return { filter, setFilter, state, refresh, remove, saveSwitch, sort, pk };
}

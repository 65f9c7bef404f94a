/**
 * The list page every management screen is built on (as in the original): remark,
 * header buttons, common search, the table with server-side sorting and paging, row
 * buttons, switch cells, drag sorting and the add/edit dialog.
 */
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth';
import { useTab } from '../tab-context';
import { Cell } from './cells';
import { ComSearch } from './com-search';
import { DragHandle, DragSort, flattenRows, SortableRow } from './drag-sort';
import { EmptyGuide } from './empty-guide';
import { exportColumns } from './export-columns';
import { indexParams, PAGE_SIZES } from './filter';
import { FormDialog, type FormTarget } from './form-dialog';
import { DEFAULT_HEADER, DEFAULT_ROW } from './list-defaults';
import './list-page.css';
import { TableHeader } from './table-header';
import type { Column, ListSpec, Row } from './types';
import { useList } from './use-list';

/** A large table's total is the database's estimate, or a bound: never shown as a count. */
const TOTAL_TEXT = {
  exact: 'Total {total} items',
  about: 'About {total} items',
  atLeast: 'More than {total} items',
} as const;
/**
 * The table fills its card and its cells wrap (as the original's tables do), so the fixed
 * Operate column covers nothing while there is room. A column that wraps narrows to its
 * `width` or this at least; when the least widths do not fit, the table scrolls sideways.
 */
const MIN_TEXT_WIDTH = 80;

/**
 * Columns whose content wraps to any width: plain text, tag lists and cities. Given no floor,
 * a phone's table squeezes them to a character (a city's 北京市 / 东城区 one character a line).
 */
function wraps<R extends Row>(column: Column<R>): boolean {
  if (column.overflowTooltip) return true;
  return column.render === undefined || column.render === 'tags' || column.render === 'city';
}

export function ListPage<R extends Row>({ spec }: { spec: ListSpec<R> }) {
  const { t } = useTranslation();
  const can = useAuth();
  const { filter, setFilter, state, refresh, remove, saveSwitch, sort, pk, seekFrom } = useList(spec);
  const [selected, setSelected] = useState<Key[]>([]);
  const [hidden, setHidden] = useState(
    () => new Set(spec.columns.filter((c) => c.hidden).map((c) => c.prop)),
  );
  const [comSearchOpen, setComSearchOpen] = useState(filter.search.length > 0);
  const [expandedKeys, setExpandedKeys] = useState<Key[] | null>(null);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  /** Bumped when the empty list's "Clear search" empties the search boxes (they keep their own text). */
  const [searchGeneration, setSearchGeneration] = useState(0);
  const tabTitle = useTab()?.title ?? '';
  const headerButtons = spec.headerButtons ?? [
    ...DEFAULT_HEADER,
    ...(spec.tree ? (['unfold'] as const) : []),
  ];
  const rowButtons = spec.rowButtons ?? DEFAULT_ROW;
  const dragSort = rowButtons.includes('weigh-sort') && can('sortable');

  const allKeys = useMemo(() => flattenRows(state.list).map((row) => row[pk] as Key), [state.list, pk]);
  const searching = Boolean(filter.quickSearch) && Boolean(spec.tree?.expandOnSearch);
  const expanded = expandedKeys ?? (spec.tree?.expandAll || searching ? allKeys : []);

  const canAdd = Boolean(spec.form) && headerButtons.includes('add') && can('add');
  const openAdd = () => setFormTarget({ operate: 'add', ids: [] });
  const clearSearch = () => {
    setFilter((f) => ({ ...f, page: 1, quickSearch: '', search: [] }));
    setSearchGeneration((g) => g + 1);
  };
  // Tab titles are the server's (translated already) or a `pagesTitle.` key.
  const title = spec.title ? t(spec.title) : tabTitle.startsWith('pagesTitle.') ? t(tabTitle) : tabTitle;

  const canEdit = (row: R) => can('edit') && (spec.canEdit?.(row, state.extra) ?? true);
  const canDelete = (row: R) => can('del') && (spec.canDelete?.(row, state.extra) ?? true);
  const openEdit = useCallback(
    (ids: unknown[]) => ids.length > 0 && setFormTarget({ operate: 'edit', ids }),
    [],
  );

  const columns: TableColumnsType<R> = spec.columns
    .filter((column) => !hidden.has(column.prop))
    .map((column) => ({
      key: column.prop,
      dataIndex: column.prop.split('.'),
      title: t(column.label),
      width: column.width,
      align: column.align ?? 'center',
      sorter: column.sortable,
      sortOrder: sortOrderOf(filter.order, column.prop),
      render: (_: unknown, row: R) => <Cell column={column} row={row} onSwitch={saveSwitch} />,
      onCell: (row: R) => ({
        style: { minWidth: column.width ?? (wraps(column) ? MIN_TEXT_WIDTH : undefined) },
        onDoubleClick: () => {
          if (column.noDblClick) return;
          if (spec.onDblClick) spec.onDblClick(row);
          else if (spec.form && canEdit(row)) openEdit([row[pk]]);
        },
      }),
    }));

  const showRowButtons = rowButtons.length > 0 || spec.extraRowButtons;
  if (showRowButtons) {
    columns.push({
      key: '__operate',
      title: t('Operate'),
      align: 'center',
      // Its buttons and no more (16 px of cell padding, a 24 px button and 6 px gap each): the
      // rest of the width is the data's.
      width: 16 + 30 * (rowButtons.length + (spec.extraRowButtons ? (spec.extraRowButtonCount ?? 1) : 0)),
      fixed: 'right',
      render: (_: unknown, row: R) => (
        <Space size={6}>
          {spec.extraRowButtons?.(row, refresh)}
          {dragSort && <DragHandle />}
          {rowButtons.includes('edit') && spec.form && canEdit(row) && (
            <Tooltip title={t('Edit')}>
              <Button
                size="small"
                type="primary"
                icon={<EditOutlined />}
                onClick={() => openEdit([row[pk]])}
                aria-label={t('Edit')}
              />
            </Tooltip>
          )}
          {rowButtons.includes('delete') && canDelete(row) && (
            <Popconfirm
              title={t('Are you sure to delete the selected record?')}
              okText={t('Delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('Cancel')}
              onConfirm={() => remove([row[pk]])}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const onTableChange = (
    pagination: { current?: number; pageSize?: number },
    _filters: unknown,
    sorter: SorterResult<R> | SorterResult<R>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = one?.order ? `${String(one.columnKey)},${one.order === 'ascend' ? 'asc' : 'desc'}` : '';
    if (order === filter.order && pagination.pageSize === filter.limit && pagination.current) {
      seekFrom(pagination.current);
    }
    setFilter((f) => ({
      ...f,
      order,
      page: pagination.pageSize !== f.limit ? 1 : (pagination.current ?? f.page),
      limit: pagination.pageSize ?? f.limit,
    }));
  };

  const table = (
    <Table<R>
      rowKey={pk}
      size="middle"
      loading={state.loading}
      dataSource={state.list}
      columns={columns}
      tableLayout="auto"
      scroll={{ x: true }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: setSelected,
        // A parent selects its children in trees.
        checkStrictly: false,
      }}
      expandable={
        spec.tree
          ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpandedKeys([...keys]) }
          : { childrenColumnName: '__none' }
      }
      locale={{
        emptyText: (
          <EmptyGuide
            title={title}
            loading={state.loading}
            searching={Boolean(filter.quickSearch) || filter.search.length > 0}
            onAdd={canAdd ? openAdd : undefined}
            onClearSearch={clearSearch}
          />
        ),
      }}
      components={dragSort ? { body: { row: SortableRow } } : undefined}
      onChange={onTableChange}
      pagination={
        spec.tree
          ? false
          : {
              current: filter.page,
              pageSize: filter.limit,
              total: state.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total) => t(TOTAL_TEXT[state.totalKind], { total }),
            }
      }
    />
  );

  return (
    <div className="ba-list-page">
      {state.remark && <Alert className="ba-list-remark" type="info" showIcon title={state.remark} />}
      {spec.notice?.(state.extra)}
      {comSearchOpen && (
        <ComSearch
          key={`search-${searchGeneration}`}
          columns={spec.columns}
          initial={filter.search}
          onSearch={(search) => setFilter((f) => ({ ...f, page: 1, search }))}
        />
      )}
      <TableHeader
        key={`header-${searchGeneration}`}
        buttons={spec.form ? headerButtons : headerButtons.filter((b) => b !== 'add' && b !== 'edit')}
        columns={spec.columns}
        hiddenColumns={hidden}
        onToggleColumn={(prop) =>
          setHidden((h) => {
            const next = new Set(h);
            if (!next.delete(prop)) next.add(prop);
            return next;
          })
        }
        selectedCount={selected.length}
        quickSearch={filter.quickSearch}
        quickSearchFields={spec.quickSearchFields ?? ''}
        onQuickSearch={useCallback(
          (quickSearch: string) => setFilter((f) => ({ ...f, page: 1, quickSearch })),
          [setFilter],
        )}
        onRefresh={refresh}
        onAdd={openAdd}
        onEdit={() => openEdit(selected)}
        onDelete={() => void remove(selected).then(() => setSelected([]))}
        expanded={expanded.length > 0}
        onUnfold={() => setExpandedKeys(expanded.length > 0 ? [] : allKeys)}
        comSearchOpen={comSearchOpen}
        onComSearch={() => setComSearchOpen((open) => !open)}
        exportTarget={() => ({
          api: spec.api,
          // The whole list as filtered and ordered, not the page shown.
          params: indexParams(filter, spec.params, false),
          columns: exportColumns(spec.columns, hidden, t),
        })}
        spec={spec}
        onImported={refresh}
        extra={spec.headerExtra?.(selected, () => {
          setSelected([]);
          refresh();
        })}
      />
      {dragSort ? (
        <DragSort
          rows={state.list}
          pk={pk}
          onSort={(id, target) => void sort(id, target)}
          onRefused={refresh}
        >
          {table}
        </DragSort>
      ) : (
        table
      )}
      {formTarget && (
        <FormDialog
          key={`${formTarget.operate}:${String(formTarget.ids[0] ?? '')}`}
          spec={spec}
          target={formTarget}
          extra={state.extra}
          onClose={() => setFormTarget(null)}
          onSaved={(next) => {
            // With nothing more to edit the dialog closes itself, then calls onClose.
            if (next) setFormTarget(next);
            refresh();
          }}
        />
      )}
    </div>
  );
}

function sortOrderOf(order: string, prop: string): 'ascend' | 'descend' | null {
  const [field, direction] = order.split(',');
  if (field !== prop) return null;
  return direction === 'asc' ? 'ascend' : 'descend';
}

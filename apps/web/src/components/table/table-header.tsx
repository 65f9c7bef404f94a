/**
 * Above the table: refresh, add, edit, delete, unfold, export, import, quick search, column
 * display, common search.
 */
import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Input, Popconfirm, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth';
import { ExportButton, type ExportTarget } from './export-button';
import { ImportButton } from './import-dialog';
import type { Column, HeaderButton, ListSpec, Row } from './types';

const QUICK_SEARCH_DEBOUNCE_MS = 500;
const REFRESH_STYLE = { background: '#40485b', borderColor: '#40485b', color: '#fff' };

interface Props<R extends Row> {
  buttons: HeaderButton[];
  columns: Column<R>[];
  hiddenColumns: Set<string>;
  onToggleColumn(prop: string): void;
  selectedCount: number;
  quickSearch: string;
  quickSearchFields: string;
  onQuickSearch(text: string): void;
  onRefresh(): void;
  onAdd(): void;
  onEdit(): void;
  onDelete(): void;
  expanded: boolean;
  onUnfold(): void;
  comSearchOpen: boolean;
  onComSearch(): void;
  /** The list as it is when the administrator picks a format. */
  exportTarget(): ExportTarget;
  /** What an import fills (its API, the fields' labels). */
  spec: ListSpec<R>;
  onImported(): void;
  /** Buttons of the screen's own after the standard ones (restore, rollback). */
  extra?: ReactNode;
}

export function TableHeader<R extends Row>(props: Props<R>) {
  const { t } = useTranslation();
  const can = useAuth();
  const has = (button: HeaderButton) => props.buttons.includes(button);
  const [text, setText] = useState(props.quickSearch);

  // Searches 500 ms after the last keystroke.
  const { onQuickSearch, quickSearch } = props;
  useEffect(() => {
    if (text === quickSearch) return;
    const timer = setTimeout(() => onQuickSearch(text), QUICK_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, quickSearch, onQuickSearch]);

  return (
    <div className="ba-table-header">
      <Space wrap>
        {has('refresh') && (
          <Tooltip title={t('Refresh')}>
            <Button
              style={REFRESH_STYLE}
              icon={<ReloadOutlined />}
              onClick={props.onRefresh}
              aria-label={t('Refresh')}
            />
          </Tooltip>
        )}
        {has('add') && can('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
            {t('Add')}
          </Button>
        )}
        {has('edit') && can('edit') && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            disabled={props.selectedCount === 0}
            onClick={props.onEdit}
          >
            {t('Edit')}
          </Button>
        )}
        {has('delete') && can('del') && (
          <Popconfirm
            title={t('Are you sure to delete the selected record?')}
            okText={t('Delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('Cancel')}
            onConfirm={props.onDelete}
            disabled={props.selectedCount === 0}
          >
            <Button danger icon={<DeleteOutlined />} disabled={props.selectedCount === 0}>
              {t('Delete')}
            </Button>
          </Popconfirm>
        )}
        {has('unfold') && (
          <Tooltip title={t(props.expanded ? 'Shrink all submenus' : 'Expand all submenus')}>
            <Button color={props.expanded ? 'danger' : 'orange'} variant="solid" onClick={props.onUnfold}>
              {t(props.expanded ? 'Shrink all' : 'Expand all')}
            </Button>
          </Tooltip>
        )}
        {has('export') && can('export') && <ExportButton target={props.exportTarget} />}
        {has('import') && can('import') && <ImportButton spec={props.spec} onImported={props.onImported} />}
        {props.extra}
      </Space>
      <Space wrap>
        {has('quickSearch') && (
          <Input.Search
            className="ba-quick-search"
            allowClear
            value={text}
            onChange={(event) => setText(event.target.value)}
            onSearch={(value) => onQuickSearch(value)}
            placeholder={t('Quick search placeholder', { fields: t(props.quickSearchFields) })}
            data-testid="quick-search"
          />
        )}
        {has('columnDisplay') && (
          <Dropdown
            trigger={['click']}
            popupRender={() => (
              <div className="ba-column-display">
                {props.columns.map((column) => (
                  <Checkbox
                    key={column.prop}
                    checked={!props.hiddenColumns.has(column.prop)}
                    onChange={() => props.onToggleColumn(column.prop)}
                  >
                    {t(column.label)}
                  </Checkbox>
                ))}
              </div>
            )}
          >
            <Button icon={<AppstoreOutlined />} aria-label={t('Column display')} />
          </Dropdown>
        )}
        {has('comSearch') && (
          <Tooltip title={t('Expand generic search')}>
            <Button
              icon={<SearchOutlined />}
              type={props.comSearchOpen ? 'primary' : 'default'}
              onClick={props.onComSearch}
              aria-label={t('Expand generic search')}
            />
          </Tooltip>
        )}
      </Space>
    </div>
  );
}

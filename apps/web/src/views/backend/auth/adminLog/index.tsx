/** auth/adminLog: what administrators did (as in the original). Read-only; double-click shows details. */
import { SearchOutlined } from '@ant-design/icons';
import { AdminController, type AdminLogRow, adminUrl } from '@portico/shared';
import { Button, Descriptions, Modal, Tooltip, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataTree, parseJson } from '../../../../components/table/data-tree';
import { ListPage } from '../../../../components/table/list-page';
import type { ListSpec, Row } from '../../../../components/table/types';
import { timeFormat } from '../../../../utils/time';

function LogInfo({ row, onClose }: { row: Row; onClose(): void }) {
  const { t } = useTranslation();
  const data = parseJson(row.data);
  return (
    <Modal open title={t('Info')} footer={null} width={760} onCancel={onClose}>
      <Descriptions bordered column={2} size="small">
        <Descriptions.Item label={t('Id')}>{row.id}</Descriptions.Item>
        <Descriptions.Item label={t('auth.adminLog.Operation administrator')}>
          {row.username}
        </Descriptions.Item>
        <Descriptions.Item label={t('auth.adminLog.Title')}>{row.title}</Descriptions.Item>
        <Descriptions.Item label={t('auth.adminLog.Operator IP')}>{row.ip}</Descriptions.Item>
        <Descriptions.Item label="URL" span={2}>
          {row.url}
        </Descriptions.Item>
        <Descriptions.Item label="User Agent" span={2}>
          {row.useragent}
        </Descriptions.Item>
        <Descriptions.Item label={t('Create time')}>{timeFormat(row.create_time)}</Descriptions.Item>
        <Descriptions.Item label={t('auth.adminLog.Request data')} span={2}>
          {typeof data === 'object' && data !== null ? (
            <Tree
              defaultExpandAll
              selectable={false}
              treeData={[
                { key: 'root', title: t('auth.adminLog.Click to expand'), children: dataTree(data) },
              ]}
            />
          ) : (
            String(data ?? '')
          )}
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

export default function AdminLogList() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<Row | null>(null);
  const spec: ListSpec<AdminLogRow> = {
    api: adminUrl(AdminController.adminLog),
    quickSearchFields: 'auth.adminLog.Title',
    headerButtons: ['refresh', 'delete', 'comSearch', 'export', 'quickSearch', 'columnDisplay'],
    rowButtons: ['delete'],
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'admin_id', label: 'auth.adminLog.Administrator ID', width: 70, operator: 'LIKE' },
      { prop: 'username', label: 'auth.adminLog.Administrator username', width: 160, operator: 'LIKE' },
      { prop: 'title', label: 'auth.adminLog.Title', operator: 'LIKE' },
      {
        prop: 'data',
        label: 'auth.adminLog.Request data',
        hidden: true,
        operator: false,
        overflowTooltip: true,
      },
      { prop: 'url', label: 'URL', render: 'url', operator: 'LIKE', noDblClick: true },
      { prop: 'ip', label: 'IP', render: 'tag', operator: 'LIKE' },
      { prop: 'useragent', label: 'User Agent', operator: false, overflowTooltip: true },
      { prop: 'create_time', label: 'Create time', render: 'datetime', sortable: true, operator: 'RANGE' },
    ],
    onDblClick: setInfo,
    extraRowButtons: (row) => (
      <Tooltip title={t('Info')}>
        <Button
          size="small"
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => setInfo(row)}
          aria-label={t('Info')}
        />
      </Tooltip>
    ),
  };
  return (
    <>
      <ListPage spec={spec} />
      {info && <LogInfo row={info} onClose={() => setInfo(null)} />}
    </>
  );
}

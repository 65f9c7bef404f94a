/**
 * "CRUD record": the generator's log (crud_log), newest first. Copy starts a design from a
 * record; Delete code removes what it generated, keeping the table unless "also drop the table"
 * is ticked. A table's newest successful record whose module is still there (`package`) offers
 * its module as a package download and publishing on this site's store: super administrators
 * with the generate rule only, as they ship code. A compact table rather than the SDK's
 * ListPage, which is a whole tab's page.
 */
import type { CrudLogRow, CrudLogStatus } from '@portico/shared/crud-design';
import { useAdminInfo, useAuth } from '@portico/web-sdk/stores';
import { timeFormat } from '@portico/web-sdk/time';
import { Button, Checkbox, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudLogList, deleteCode, downloadPackage, logStart, publishPackage } from '../api';
import { type Design, openDesign } from '../design/model';
import { followInstallerAnswer } from './use-generate';

const STATUS_COLOURS: Record<CrudLogStatus, string> = {
  delete: 'error',
  success: 'success',
  error: 'warning',
  start: 'default',
};

const PAGE_SIZE = 10;

export function LogDialog({ onStart, onClose }: { onStart: (design: Design) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const allowed = useAuth();
  const isSuper = useAdminInfo((s) => s.super);
  const shipsCode = isSuper && allowed('generate');
  const [rows, setRows] = useState<CrudLogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<CrudLogRow | null>(null);
  const [dropTable, setDropTable] = useState(false);

  const load = useCallback(() => {
    crudLogList({ page, limit: PAGE_SIZE, quickSearch: search }).then(
      ({ data }) => {
        setRows(data.list);
        setTotal(data.total);
      },
      () => {},
    );
  }, [page, search]);
  useEffect(load, [load]);

  const copy = async (row: CrudLogRow) => {
    try {
      const { data } = await logStart(row.id);
      onStart(openDesign('log', data.table, data.fields));
    } catch {
      // The request layer has shown why.
    }
  };
  const download = async (row: CrudLogRow) => {
    try {
      await downloadPackage(row);
    } catch {
      // The request layer has shown why.
    }
  };
  const publish = async (row: CrudLogRow) => {
    try {
      await publishPackage(row.id);
    } catch {
      // The request layer has shown why.
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const { data } = await deleteCode(deleting.id, dropTable);
      setDeleting(null);
      load();
      // A running module leaves with a restart and a rebuild; the next load drops its menus.
      if (data) await followInstallerAnswer(data, () => window.location.reload());
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <Modal
      open
      title={t('crud.crud.CRUD record')}
      footer={null}
      onCancel={onClose}
      width="min(960px, calc(100vw - 16px))"
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Button onClick={load}>{t('Refresh')}</Button>
        <Input.Search
          allowClear
          aria-label={t('crud.log.quick Search Fields')}
          placeholder={t('crud.log.quick Search Fields')}
          onSearch={(value) => {
            setPage(1);
            setSearch(value);
          }}
        />
      </Space>
      <Table<CrudLogRow>
        rowKey="id"
        size="small"
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { dataIndex: 'id', title: t('crud.log.id'), width: 70 },
          {
            dataIndex: 'table_name',
            title: t('crud.log.table_name'),
            render: (_, row) => (row.connection ? `${row.connection}.${row.table_name}` : row.table_name),
          },
          {
            dataIndex: 'status',
            title: t('crud.log.status'),
            render: (_, row) => (
              <Tag color={STATUS_COLOURS[row.status]}>{t(`crud.log.status ${row.status}`)}</Tag>
            ),
          },
          {
            dataIndex: 'create_time',
            title: t('crud.log.create_time'),
            render: (_, row) => timeFormat(row.create_time),
          },
          {
            key: 'operate',
            title: t('Operate'),
            render: (_, row) => (
              <Space size={4}>
                <Popconfirm
                  title={t('crud.crud.Start CRUD design with this record?')}
                  onConfirm={() => void copy(row)}
                >
                  <Button size="small">{t('crud.crud.copy')}</Button>
                </Popconfirm>
                {row.status !== 'delete' && allowed('delete') && (
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setDropTable(false);
                      setDeleting(row);
                    }}
                  >
                    {t('crud.crud.Delete Code')}
                  </Button>
                )}
                {shipsCode && row.package && (
                  <>
                    <Button size="small" onClick={() => void download(row)}>
                      {t('crud.crud.Download package')}
                    </Button>
                    <Popconfirm
                      title={t('crud.crud.Publish this module on the store?')}
                      onConfirm={() => void publish(row)}
                    >
                      <Button size="small">{t('crud.crud.Publish on the store')}</Button>
                    </Popconfirm>
                  </>
                )}
                {shipsCode && row.status === 'success' && row.package === false && (
                  <Typography.Text type="secondary">{t('crud.crud.No package')}</Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={deleting !== null}
        title={t('crud.crud.Delete Code')}
        okButtonProps={{ danger: true }}
        okText={t('Delete')}
        cancelText={t('Cancel')}
        onOk={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{t('crud.crud.Are you sure to delete the generated CRUD code?')}</p>
        <Checkbox checked={dropTable} onChange={(e) => setDropTable(e.target.checked)}>
          {t('crud.crud.Also drop the table')}
        </Checkbox>
      </Modal>
    </Modal>
  );
}

/**
 * auth/admin: the administrators, searchable and paged on the server. The full management
 * screen (add, edit, delete, common search) is built on the list-page component.
 */
import { Input, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../../../api/request';
import { useTabQuery } from '../../../../components/tab-context';
import { timeFormat } from '../../../../utils/time';

interface AdminRow {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  status: '0' | '1';
  group_name_arr: string[];
  last_login_time: number | null;
  create_time: number | null;
}

const SEARCH_DEBOUNCE_MS = 500;

export default function AdminList() {
  const { t } = useTranslation();
  const query = useTabQuery();
  const [quickSearch, setQuickSearch] = useState(query.get('quickSearch') ?? '');
  const [search, setSearch] = useState(quickSearch);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [rows, setRows] = useState<AdminRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(quickSearch), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [quickSearch]);

  useEffect(() => {
    setLoading(true);
    createAxios<{ list: AdminRow[]; total: number }>({
      url: '/admin/auth.Admin/index',
      method: 'get',
      params: { page: page.current, limit: page.pageSize, quickSearch: search },
    })
      .then(({ data }) => {
        setRows(data.list);
        setTotal(data.total);
      })
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [search, page]);

  return (
    <div className="ba-table-box">
      <Input.Search
        value={quickSearch}
        onChange={(event) => setQuickSearch(event.target.value)}
        placeholder={t('Quick search placeholder', { fields: t('auth.admin.username') })}
        allowClear
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="quick-search"
      />
      <Table<AdminRow>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={loading}
        dataSource={rows}
        pagination={{
          ...page,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: t('Id'), dataIndex: 'id', width: 70 },
          { title: t('auth.admin.username'), dataIndex: 'username' },
          { title: t('auth.admin.nickname'), dataIndex: 'nickname' },
          {
            title: t('auth.admin.group'),
            dataIndex: 'group_name_arr',
            render: (names: string[]) => names.map((name) => <Tag key={name}>{name}</Tag>),
          },
          { title: t('auth.admin.mobile'), dataIndex: 'mobile' },
          {
            title: t('State'),
            dataIndex: 'status',
            render: (status: string) =>
              status === '1' ? (
                <Tag color="success">{t('Enable')}</Tag>
              ) : (
                <Tag color="error">{t('Disable')}</Tag>
              ),
          },
          {
            title: t('auth.admin.Last login'),
            dataIndex: 'last_login_time',
            render: (time: number | null) => (time ? timeFormat(time) : '-'),
          },
          {
            title: t('Create time'),
            dataIndex: 'create_time',
            render: (time: number | null) => (time ? timeFormat(time) : '-'),
          },
        ]}
      />
    </div>
  );
}

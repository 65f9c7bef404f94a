/**
 * The member's balance or points changes (as in the original): memo, the change styled
 * as an increase or a decrease, the value after it and the time, with paging.
 */
import { Card, Empty, List, Pagination } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LedgerRow, ledger } from '../../api/frontend/account';
import { useUserInfo } from '../../stores/user-info';
import { timeFormat } from '../../utils/time';

export function LedgerList({ kind }: { kind: 'balance' | 'integral' }) {
  const { t } = useTranslation();
  const current = useUserInfo((s) => (kind === 'balance' ? s.money : s.score));
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [data, setData] = useState<{ list: LedgerRow[]; total: number } | null>(null);

  useEffect(() => {
    ledger(kind, page, limit)
      .then(({ data }) => setData(data))
      .catch(() => {});
  }, [kind, page, limit]);

  const title = kind === 'balance' ? 'account.Balance change record' : 'account.Points change record';
  const currentLabel = kind === 'balance' ? 'account.Current balance' : 'account.Current points';
  return (
    <Card title={t(title)} extra={<span>{t(currentLabel, { value: current })}</span>}>
      {data && data.list.length === 0 ? (
        <Empty />
      ) : (
        <List
          loading={!data}
          dataSource={data?.list ?? []}
          renderItem={(row) => {
            const change = String(row.money ?? row.score ?? 0);
            const up = !change.startsWith('-');
            return (
              <List.Item className="ba-ledger-item">
                <div className="ba-ledger-memo">{row.memo}</div>
                <div className={up ? 'ba-ledger-up' : 'ba-ledger-down'}>{up ? `+${change}` : change}</div>
                <div className="ba-ledger-after">{t('account.After change', { value: row.after })}</div>
                <div className="ba-ledger-time">{timeFormat(row.create_time)}</div>
              </List.Item>
            );
          }}
        />
      )}
      {data && data.total > 0 && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page}
          pageSize={limit}
          total={data.total}
          pageSizeOptions={[10, 20, 50, 100]}
          showSizeChanger
          responsive
          onChange={(nextPage, nextLimit) => {
            setPage(nextLimit === limit ? nextPage : 1);
            setLimit(nextLimit);
          }}
        />
      )}
    </Card>
  );
}

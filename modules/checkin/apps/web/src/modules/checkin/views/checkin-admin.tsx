/**
 * checkin/checkin: every member's check-ins, searched by member (quick search or the common
 * search) and by date range (the site's days, 'YYYY-MM-DD'), and above them the reward
 * setting for administrators holding its rule. Check-ins are history: nothing is edited here.
 */
import { Button, Card, InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../components/auth';
import { ListPage } from '../../../components/table/list-page';
import type { ListSpec } from '../../../components/table/types';
import { rewardSetting, saveRewardSetting } from '../api';

function RewardSetting() {
  const { t } = useTranslation();
  const [points, setPoints] = useState<number | null>(null);
  const [range, setRange] = useState({ min: 0, max: 100_000 });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    rewardSetting()
      .then(({ data }) => {
        setPoints(data.points);
        setRange(data.range);
      })
      .catch(() => {});
  }, []);

  const save = async () => {
    if (points === null) return;
    setSaving(true);
    try {
      await saveRewardSetting(points);
    } catch {
      // The request layer showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      className="checkin-setting"
      title={t('checkin.Reward setting')}
      style={{ marginBottom: 12 }}
    >
      <Space wrap align="center">
        <span>{t('checkin.Points per check-in')}</span>
        <InputNumber
          min={range.min}
          max={range.max}
          precision={0}
          value={points}
          onChange={(value) => setPoints(value === null ? null : Number(value))}
          aria-label={t('checkin.Points per check-in')}
          data-testid="checkin-reward"
        />
        <Button type="primary" loading={saving} disabled={points === null} onClick={() => void save()}>
          {t('checkin.Save')}
        </Button>
        <span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('checkin.Reward help')}</span>
      </Space>
    </Card>
  );
}

export default function CheckinAdmin() {
  const can = useAuth();
  const spec: ListSpec = {
    api: '/admin/checkin.Checkin/',
    quickSearchFields: 'checkin.Quick search fields',
    headerButtons: ['refresh', 'comSearch', 'quickSearch', 'columnDisplay'],
    rowButtons: [],
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'user_id', label: 'checkin.User ID', width: 90 },
      { prop: 'username', label: 'checkin.Username', searchField: 'user.username', operator: 'LIKE' },
      { prop: 'nickname', label: 'checkin.Nickname', searchField: 'user.nickname', operator: 'LIKE' },
      { prop: 'date', label: 'checkin.Date', operator: 'RANGE', sortable: true, width: 120 },
      { prop: 'points', label: 'checkin.Points', operator: 'RANGE', sortable: true, width: 100 },
      { prop: 'streak', label: 'checkin.Streak days', operator: 'RANGE', sortable: true, width: 110 },
      {
        prop: 'create_time',
        label: 'checkin.Check-in time',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
      },
    ],
    // History: double-clicking opens nothing.
    onDblClick: () => {},
    notice: () => (can('config') ? <RewardSetting /> : null),
  };
  return <ListPage spec={spec} />;
}

/**
 * checkin/checkin: every member's check-ins, searched by member (quick search or the common
 * search) and by date range (the site's days, 'YYYY-MM-DD'), and above them the reward
 * setting for administrators holding its rule. Check-ins are history: nothing is edited here.
 */

import type { Column, ListSpec, Row } from '@portico/web-sdk/list';
import { ListPage } from '@portico/web-sdk/list';
import { useAuth } from '@portico/web-sdk/stores';
import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Cell padding of the list's middle-size table (8 px a side). */
const CELL_PADDING = 16;

/**
 * A member's name on one line, cut with an ellipsis, the whole name on hover: wrapping text
 * columns narrow to their least width on a phone, where a name broke into a stack of letters
 * and made every row several lines high.
 */
function oneLine(prop: string, width: number): Column {
  return {
    prop,
    label: '',
    width,
    render: (row: Row) => (
      <Typography.Text
        ellipsis={{ tooltip: row[prop] }}
        style={{ maxWidth: width - CELL_PADDING }}
        data-testid={`checkin-${prop}`}
      >
        {row[prop]}
      </Typography.Text>
    ),
  };
}

/**
 * The list's columns. Widths fit what each holds on one line (a date, a date-time, a number
 * under a sortable heading in either language); the table scrolls sideways where they do not
 * all fit, as every list does.
 */
export const CHECKIN_COLUMNS: Column[] = [
  { prop: 'id', label: 'Id', width: 60 },
  { prop: 'user_id', label: 'checkin.User ID', width: 90 },
  {
    ...oneLine('username', 150),
    label: 'checkin.Username',
    searchField: 'user.username',
    operator: 'LIKE',
  },
  {
    ...oneLine('nickname', 140),
    label: 'checkin.Nickname',
    searchField: 'user.nickname',
    operator: 'LIKE',
  },
  { prop: 'date', label: 'checkin.Date', operator: 'RANGE', sortable: true, width: 100 },
  { prop: 'points', label: 'checkin.Points', operator: 'RANGE', sortable: true, width: 80 },
  { prop: 'streak', label: 'checkin.Streak days', operator: 'RANGE', sortable: true, width: 120 },
  {
    prop: 'create_time',
    label: 'checkin.Check-in time',
    render: 'datetime',
    sortable: true,
    operator: 'RANGE',
    width: 160,
  },
];

export default function CheckinAdmin() {
  const can = useAuth();
  const spec: ListSpec = {
    api: '/admin/checkin.Checkin/',
    quickSearchFields: 'checkin.Quick search fields',
    headerButtons: ['refresh', 'comSearch', 'export', 'quickSearch', 'columnDisplay'],
    rowButtons: [],
    columns: CHECKIN_COLUMNS,
    // History: double-clicking opens nothing.
    onDblClick: () => {},
    notice: () => (can('config') ? <RewardSetting /> : null),
  };
  return <ListPage spec={spec} />;
}

/**
 * The member centre's check-in page: the check-in button (one per site day), the streak,
 * the reward and the month's calendar with the days checked in. The days are the site's
 * (the server's `time_zone` setting), so the calendar marks what the server counted.
 */
import { CalendarOutlined, CheckCircleFilled } from '@ant-design/icons';
import type { CheckInStatus } from '@portico/shared/modules/checkin';
import { useUserInfo } from '@portico/web-sdk/stores';
import { Button, Calendar, Card, Col, Row, Select, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import zhCn from 'dayjs/locale/zh-cn';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkIn, checkinStatus } from '../api';
import './checkin.css';

// antd asks dayjs for the calendar's month and week-day names (and the week's first day) in the
// page's language. Registered, not made the default; used by value, since the web build drops
// packages' imports made only for their side effects.
dayjs.locale(zhCn, undefined, true);

export default function MemberCheckin() {
  const { t } = useTranslation();
  const setInfo = useUserInfo((s) => s.setInfo);
  const [status, setStatus] = useState<CheckInStatus | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback((month?: string) => {
    checkinStatus(month)
      .then(({ data }) => setStatus(data))
      .catch(() => {});
  }, []);
  useEffect(() => load(), [load]);

  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await checkIn();
      if (data.score !== null) setInfo({ score: data.score });
    } catch {
      // The request layer showed the message (e.g. already checked in in another tab).
    } finally {
      setBusy(false);
      load();
    }
  };

  const checked = new Set(status?.days ?? []);
  const shown = status ? dayjs(`${status.month}-01`) : dayjs();
  const done = status?.checkedToday ?? false;

  return (
    <Card title={t('checkin.Daily check-in')} className="checkin-card">
      <div className="checkin-head">
        <Button
          type="primary"
          size="large"
          shape="round"
          icon={done ? <CheckCircleFilled /> : <CalendarOutlined />}
          disabled={!status || done}
          loading={busy}
          onClick={() => void submit()}
          data-testid="checkin-button"
        >
          {done ? t('checkin.Checked in today') : t('checkin.Check in now')}
        </Button>
        <div className="checkin-head-note">
          {done
            ? t('checkin.Come back tomorrow')
            : t('checkin.+{points} points', { points: status?.reward ?? 0 })}
        </div>
      </div>
      <Row gutter={[16, 16]} className="checkin-stats">
        <Col xs={12} sm={6}>
          <Statistic
            title={t('checkin.Streak')}
            value={status?.streak ?? 0}
            suffix={t('checkin.days', { count: status?.streak ?? 0 })}
            data-testid="checkin-streak"
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('checkin.Points per check-in')} value={status?.reward ?? 0} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('checkin.Total check-ins')} value={status?.total ?? 0} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('checkin.Points this month')} value={status?.monthPoints ?? 0} />
        </Col>
      </Row>
      <Calendar
        className="checkin-calendar"
        fullscreen={false}
        value={shown}
        // The server knows the site's days; a month it did not send is asked for.
        onPanelChange={(date: Dayjs) => load(date.format('YYYY-MM'))}
        headerRender={({ value, onChange }) => <MonthChooser value={value} onChange={onChange} />}
        fullCellRender={(date: Dayjs, info) => {
          if (info.type !== 'date') return info.originNode;
          const day = date.format('YYYY-MM-DD');
          const inMonth = date.format('YYYY-MM') === status?.month;
          const classes = ['checkin-day'];
          if (inMonth && checked.has(day)) classes.push('is-checked');
          if (day === status?.today) classes.push('is-today');
          if (!inMonth) classes.push('is-other-month');
          return (
            <div
              className={classes.join(' ')}
              title={inMonth && checked.has(day) ? t('checkin.Checked in') : undefined}
              data-date={day}
            >
              {date.date()}
              {inMonth && checked.has(day) ? <CheckCircleFilled className="checkin-day-mark" /> : null}
            </div>
          );
        }}
      />
    </Card>
  );
}

/**
 * The calendar's year and month, each select named for screen readers (antd's own header
 * gives them no name). Check-ins are by day, so there is no year view to switch to.
 */
function MonthChooser({ value, onChange }: { value: Dayjs; onChange: (date: Dayjs) => void }) {
  const { t, i18n } = useTranslation();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short' });
  const years = Array.from({ length: 21 }, (_, i) => value.year() - 10 + i);
  return (
    <div className="checkin-calendar-head">
      <Select
        size="small"
        value={value.year()}
        onChange={(year) => onChange(value.year(year))}
        options={years.map((year) => ({ value: year, label: String(year) }))}
        aria-label={t('checkin.Year')}
        popupMatchSelectWidth={false}
      />
      <Select
        size="small"
        value={value.month()}
        onChange={(month) => onChange(value.month(month))}
        options={Array.from({ length: 12 }, (_, month) => ({
          value: month,
          label: monthName.format(new Date(2000, month, 1)),
        }))}
        aria-label={t('checkin.Month')}
        popupMatchSelectWidth={false}
      />
    </div>
  );
}

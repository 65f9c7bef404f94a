/**
 * Account overview (as in the original): the member's card with the state of their
 * e-mail and mobile, points and balance, last login; and the 7-day growth chart.
 */
import { MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountOverview } from '../../../../api/frontend/account';
import { useUserInfo } from '../../../../stores/user-info';
import { greetingKeys } from '../../../../utils/greet';
import { timeFormat, zoneLabel } from '../../../../utils/time';

// ECharts is large: it loads only with the chart.
const EChart = lazy(() =>
  import('../../../../components/charts/echart').then((m) => ({ default: m.EChart })),
);

export default function AccountOverview() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [growth, setGrowth] = useState<{ days: string[]; score: number[]; money: string[] } | null>(null);

  useEffect(() => {
    accountOverview()
      .then(({ data }) => setGrowth(data))
      .catch(() => {});
  }, []);

  const greeting = greetingKeys(new Date().getHours())
    .map((key) => t(key))
    .join(i18n.language === 'en' ? ' ' : '');

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('user.Integral'), t('user.Balance')] },
      grid: { left: 40, right: 20, bottom: 30, top: 40 },
      xAxis: { type: 'category', boundaryGap: false, data: growth?.days ?? [] },
      yAxis: { type: 'value' },
      series: [
        {
          name: t('user.Integral'),
          type: 'line',
          areaStyle: {},
          color: '#f56c6c',
          data: growth?.score ?? [],
        },
        {
          name: t('user.Balance'),
          type: 'line',
          areaStyle: {},
          color: '#409eff',
          data: growth?.money.map(Number) ?? [],
        },
      ],
    }),
    [growth, t],
  );

  const bound = (filled: string, kind: 'mobile' | 'email', icon: React.ReactNode) => (
    <Tooltip title={t(filled ? `account.Filled in ${kind}` : `account.Not filled in ${kind}`)}>
      <Link
        to="/user/account/profile"
        style={{ fontSize: 20, color: filled ? 'var(--ant-color-primary)' : '#bbb' }}
      >
        {icon}
      </Link>
    </Tooltip>
  );

  return (
    <>
      <Card
        title={t('account.Account information')}
        extra={
          <Button onClick={() => void navigate('/user/account/profile')}>{t('account.Personal data')}</Button>
        }
      >
        <div className="ba-account-head">
          <Avatar size={90} src={user.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <div style={{ display: 'flex', gap: 10, marginBottom: 8 }}>
              {bound(user.mobile, 'mobile', <MobileOutlined />)}
              {bound(user.email, 'email', <MailOutlined />)}
            </div>
            <div className="ba-account-greeting">
              {user.nickname}, {greeting}
            </div>
          </div>
        </div>
        <Descriptions column={{ xs: 1, sm: 2 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('user.Integral')}>
            <Link to="/user/account/integral">{user.score}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('user.Balance')}>
            <Link to="/user/account/balance" data-testid="overview-balance">
              {user.money}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.Last login')}>
            <span title={zoneLabel()} data-testid="last-login-time">
              {user.last_login_time ? timeFormat(user.last_login_time) : '-'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.Last login IP')}>
            {user.last_login_ip || '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('account.Growth statistics')} style={{ marginTop: 16 }}>
        <Suspense fallback={<div style={{ height: 300 }} />}>
          <EChart option={option} />
        </Suspense>
      </Card>
    </>
  );
}

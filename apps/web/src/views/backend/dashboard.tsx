/**
 * The dashboard: the greeting banner, the working-time card, number tiles and the member
 * and attachment growth charts, all from /admin/dashboard/index. ECharts is loaded by this
 * page's chunk only.
 */
import { FileTextOutlined, LineChartOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { AdminController, adminUrl } from '@portico/shared';
import { Card, Col, Row, Segmented, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../api/request';
import { EChart } from '../../components/charts/echart';
import { CountUp } from '../../components/dashboard/count-up';
import { FirstRunChecklist, type FirstRunItem } from '../../components/dashboard/first-run-checklist';
import { RegistrationSetupNotice } from '../../components/dashboard/registration-notice';
import { WorkingTimeCard } from '../../components/dashboard/working-time';
import { useAdminInfo } from '../../stores/admin-info';
import { greetingKeys } from '../../utils/greet';
import { siteOffsetMinutes } from '../../utils/time';
import './dashboard.css';

interface Stats {
  remark: string;
  /** Told only to administrators who can change the config. */
  registrationNeedsSetup?: boolean;
  /** What a new site still needs; null once done, or for those who may not change it. */
  firstRun?: FirstRunItem[] | null;
  tiles: {
    members: number;
    membersToday: number;
    attachments: number;
    attachmentsToday: number;
    admins: number;
  };
  days: string[];
  memberGrowth: number[];
  attachmentGrowth: Record<string, number[]>;
}

const KINDS = ['image', 'media', 'document', 'archive', 'other'];

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const nickname = useAdminInfo((s) => s.nickname);
  const [stats, setStats] = useState<Stats | null>(null);
  const [range, setRange] = useState<7 | 30>(7);

  useEffect(() => {
    createAxios<Stats>({
      url: adminUrl(AdminController.dashboard, 'index'),
      method: 'get',
      // "Today" is the site's day, as every time on screen.
      params: { tzOffset: siteOffsetMinutes() },
    })
      .then(({ data }) => setStats(data))
      .catch(() => {});
  }, []);

  // Chinese runs sentences together; English needs a space between them.
  const greeting = greetingKeys(new Date().getHours())
    .map((key) => t(key))
    .join(i18n.language === 'en' ? ' ' : '');

  const memberOption = useMemo(() => {
    const days = stats?.days.slice(-range) ?? [];
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 20, top: 20, bottom: 30 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)), boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('dashboard.Registrations'),
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.2 },
          itemStyle: { color: '#F48595' },
          data: stats?.memberGrowth.slice(-range) ?? [],
        },
      ],
    };
  }, [stats, range, t]);

  const attachmentOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 20, top: 20, bottom: 50 },
      xAxis: { type: 'category', data: stats?.days.map((d) => d.slice(5)) ?? [] },
      yAxis: { type: 'value', minInterval: 1 },
      series: KINDS.map((kind) => ({
        name: t(`dashboard.${kind}`),
        type: 'bar',
        stack: 'uploads',
        data: stats?.attachmentGrowth[kind] ?? [],
      })),
    }),
    [stats, t],
  );

  const tile = (label: string, value: number, icon: ReactNode, color: string) => (
    <Col xs={24} sm={12} lg={6}>
      <Card className="ba-tile">
        <span className="ba-tile-icon" style={{ background: color }}>
          {icon}
        </span>
        <div>
          <div className="ba-tile-label">{t(label)}</div>
          <div className="ba-tile-value">
            <CountUp value={value} />
          </div>
        </div>
      </Card>
    </Col>
  );

  return (
    <div className="ba-dashboard">
      <Row gutter={[16, 16]}>
        {stats?.firstRun && stats.firstRun.length > 0 && (
          <Col xs={24}>
            <FirstRunChecklist items={stats.firstRun} />
          </Col>
        )}
        {stats?.registrationNeedsSetup && (
          <Col xs={24}>
            <RegistrationSetupNotice />
          </Col>
        )}
        <Col xs={24} lg={18}>
          <Card className="ba-welcome">
            <Typography.Title level={3} data-testid="greeting">
              {nickname}
              {t('utils.comma')}
              {greeting}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{stats?.remark}</Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={0} lg={6}>
          <WorkingTimeCard />
        </Col>
        {tile(
          'dashboard.Member registration today',
          stats?.tiles.membersToday ?? 0,
          <UserAddOutlined />,
          '#8595F4',
        )}
        {tile(
          'dashboard.Attachments uploaded today',
          stats?.tiles.attachmentsToday ?? 0,
          <FileTextOutlined />,
          '#AD85F4',
        )}
        {tile('dashboard.Total members', stats?.tiles.members ?? 0, <TeamOutlined />, '#74A8B5')}
        {tile('dashboard.Total attachments', stats?.tiles.attachments ?? 0, <LineChartOutlined />, '#F48595')}
        <Col xs={24} lg={12}>
          <Card
            title={t('dashboard.Membership growth')}
            extra={
              <Segmented
                size="small"
                value={range}
                onChange={(value) => setRange(value as 7 | 30)}
                options={[
                  { value: 7, label: t('dashboard.7 days') },
                  { value: 30, label: t('dashboard.30 days') },
                ]}
              />
            }
          >
            <EChart option={memberOption} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.Attachment growth')}>
            <EChart option={attachmentOption} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

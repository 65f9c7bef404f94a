/**
 * The dashboard: "<nickname>, <greeting>" and the page's remark. Its statistics and charts
 * arrive with the back-office screens.
 */
import { Card, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../api/request';
import { useAdminInfo } from '../../stores/admin-info';
import { greetingKeys } from '../../utils/greet';

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const nickname = useAdminInfo((s) => s.nickname);
  const [remark, setRemark] = useState('');

  useEffect(() => {
    createAxios<{ remark: string }>({ url: '/admin/dashboard/index', method: 'get' })
      .then(({ data }) => setRemark(data.remark))
      .catch(() => {});
  }, []);

  // Chinese runs sentences together; English needs a space between them.
  const greeting = greetingKeys(new Date().getHours())
    .map((key) => t(key))
    .join(i18n.language === 'en' ? ' ' : '');
  return (
    <Card>
      <Typography.Title level={3} data-testid="greeting">
        {nickname}
        {t('utils.comma')}
        {greeting}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{remark}</Typography.Paragraph>
    </Card>
  );
}

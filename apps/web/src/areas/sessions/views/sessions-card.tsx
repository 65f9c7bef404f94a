/**
 * "Signed-in sessions" of the profile pages, for administrators and members alike:
 * each session's device, address and last use, the current one tagged; any other can be
 * signed out, or all others at once. `base` is the profile controller's URL
 * (`adminUrl(AdminController.adminInfo)` or `apiUrl(ApiController.account)`, with its trailing
 * slash), which also picks the token sent; admin-sessions-card.tsx and
 * member-sessions-card.tsx give it to the two profiles' slots.
 * A list rather than a table, so it reads on a 390 px wide phone.
 */

import { createAxios } from '@portico/web-sdk/request';
import { timeFormat } from '@portico/web-sdk/time';
import { Button, Card, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignedInSession {
  id: string;
  browser: string;
  os: string;
  device: string;
  ip: string;
  create_time: number;
  last_use_time: number;
  current: boolean;
}

export function SessionsCard({ base }: { base: string }) {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<SignedInSession[]>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    createAxios<{ list: SignedInSession[] }>({ url: `${base}sessions`, method: 'get' })
      .then(({ data }) => setSessions(data.list))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [base]);

  useEffect(load, [load]);

  const end = (url: string, data: Record<string, string>) =>
    createAxios({ url, method: 'post', data }, { showSuccessMessage: true })
      .catch(() => {})
      .finally(load);

  const deviceText = ({ browser, os }: SignedInSession) =>
    browser && os
      ? t('sessions.{browser} on {os}', { browser, os })
      : browser || os || t('sessions.Unknown device');

  const others = sessions.filter((s) => !s.current).length;

  return (
    <Card
      title={t('sessions.Signed-in sessions')}
      // On a phone its button leaves the title little room: it wraps rather than being cut
      // ("Signed-in sessio…").
      styles={{ title: { whiteSpace: 'normal' } }}
      data-testid="sessions-card"
      extra={
        others > 0 && (
          <Popconfirm
            title={t('sessions.Sign out all other sessions?')}
            description={t('sessions.Every other device will have to sign in again')}
            okText={t('sessions.Sign out')}
            cancelText={t('Cancel')}
            onConfirm={() => end(`${base}endOtherSessions`, {})}
          >
            <Button danger size="small" data-testid="sessions-end-others">
              {t('sessions.Sign out all other sessions')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <List
        loading={loading}
        dataSource={sessions}
        rowKey="id"
        renderItem={(session) => (
          <List.Item
            actions={
              session.current
                ? []
                : [
                    <Popconfirm
                      key="end"
                      title={t('sessions.Sign out this session?')}
                      okText={t('sessions.Sign out')}
                      cancelText={t('Cancel')}
                      onConfirm={() => end(`${base}endSession`, { id: session.id })}
                    >
                      <Button type="link" size="small" danger>
                        {t('sessions.Sign out')}
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <Space size={4} wrap>
                  <span>{deviceText(session)}</span>
                  {session.current && <Tag color="green">{t('sessions.This device')}</Tag>}
                </Space>
              }
              description={
                // A long IPv6 address may break anywhere; the time stays whole (on a phone it
                // broke inside the hour).
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {session.ip || '-'} · {t('sessions.Last used')}{' '}
                  <span style={{ whiteSpace: 'nowrap' }} data-testid="session-last-used">
                    {timeFormat(session.last_use_time)}
                  </span>
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

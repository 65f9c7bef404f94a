/**
 * The dashboard's first-run checklist: the settings a new site still needs (its name, mail
 * sending, a member group of its own), each linking to its screen. The server decides what
 * is done and sends the list only while something is left, and only to administrators who
 * may change those settings.
 */
import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type FirstRunKey = 'siteName' | 'mail' | 'memberGroup';
export interface FirstRunItem {
  key: FirstRunKey;
  done: boolean;
}

const ITEMS: Record<FirstRunKey, { label: string; hint: string; to: string; screen: string }> = {
  siteName: {
    label: 'dashboard.Name the site',
    hint: 'dashboard.It is still called by the default name.',
    to: '/admin/routine/config?tab=basics',
    screen: 'dashboard.System configuration: basics',
  },
  mail: {
    label: 'dashboard.Set up mail sending',
    hint: 'dashboard.Verification codes and notices go out by e-mail through SMTP.',
    to: '/admin/routine/config?tab=mail',
    screen: 'dashboard.System configuration: mail',
  },
  memberGroup: {
    label: 'dashboard.Create the first member group',
    hint: 'dashboard.Only the default group exists; members join a group that grants their rights.',
    to: '/admin/user/group',
    screen: 'dashboard.Member groups',
  },
};

export function FirstRunChecklist({ items }: { items: FirstRunItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const left = items.filter((item) => !item.done).length;
  return (
    <Card
      className="ba-first-run"
      data-testid="first-run-checklist"
      title={t('dashboard.Finish setting up the site')}
      extra={
        <Typography.Text type="secondary">
          {t('dashboard.{left} of {total} left', { left, total: items.length })}
        </Typography.Text>
      }
    >
      <ol className="ba-first-run-list">
        {items.map(({ key, done }) => {
          const item = ITEMS[key];
          return (
            <li key={key} className={done ? 'is-done' : undefined} data-testid={`first-run-${key}`}>
              <span className="ba-first-run-mark" aria-hidden>
                {done ? <CheckCircleFilled /> : null}
              </span>
              <span className="ba-first-run-text">
                <Typography.Text strong={!done} delete={done}>
                  {t(item.label)}
                </Typography.Text>
                {done ? (
                  <Typography.Text type="success"> {t('dashboard.Done')}</Typography.Text>
                ) : (
                  <Typography.Text type="secondary" className="ba-first-run-hint">
                    {t(item.hint)}
                  </Typography.Text>
                )}
              </span>
              {!done && (
                <Button size="small" onClick={() => void navigate(item.to)}>
                  {t(item.screen)}
                  <RightOutlined />
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

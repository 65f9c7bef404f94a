/**
 * The member's card (avatar with a gender badge, nickname, points and balance) and the
 * member-centre menus, grouped by directory; a headline only when there are several groups.
 */
import { ManOutlined, UserOutlined, WomanOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Menu, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMemberCenterStore } from '../../stores/member-center';
import { useUserInfo } from '../../stores/user-info';
import { linkItem, useOpenLink } from './member-menu';

const GENDER_BADGE = {
  1: { icon: <ManOutlined />, color: 'var(--ant-color-primary)' },
  2: { icon: <WomanOutlined />, color: 'var(--ant-color-error)' },
} as const;

export function MemberAside() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useUserInfo();
  const groups = useMemberCenterStore((s) => s.groups);
  const openLink = useOpenLink();
  const badge = GENDER_BADGE[user.gender as 1 | 2];
  const selected = groups.flatMap((g) => g.items).find((item) => item.path === pathname);

  return (
    <aside className="ba-frontend-aside">
      <div className="ba-frontend-card">
        <Badge
          count={
            <span className="ba-gender-badge" style={{ color: badge?.color ?? '#999' }}>
              {badge?.icon ?? '⚧'}
            </span>
          }
          offset={[-8, 60]}
        >
          <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} />
        </Badge>
        <div className="ba-frontend-nickname" data-testid="member-nickname">
          {user.nickname || user.username}
        </div>
        <Space.Compact>
          <Button size="small" onClick={() => void navigate('/user/account/integral')}>
            {t('user.Integral')} {user.score}
          </Button>
          <Button
            size="small"
            onClick={() => void navigate('/user/account/balance')}
            data-testid="member-balance"
          >
            {t('user.Balance')} {user.money}
          </Button>
        </Space.Compact>
      </div>
      <Menu
        mode="inline"
        className="ba-frontend-aside-menu"
        selectedKeys={selected ? [`link-${selected.id}`] : []}
        onClick={({ key }) => openLink(key)}
        items={
          groups.length > 1
            ? groups.map((group) => ({
                type: 'group' as const,
                key: `group-${group.id}`,
                label: t(group.title),
                children: group.items.map((link) => linkItem(link, t)),
              }))
            : groups.flatMap((group) => group.items.map((link) => linkItem(link, t)))
        }
      />
    </aside>
  );
}

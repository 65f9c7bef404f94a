/** The administrator in the nav bar: avatar and nickname; the popover offers profile and logout. */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/backend';
import { useAdminInfo } from '../../stores/admin-info';

export function AdminInfoPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admin = useAdminInfo();

  const signOut = async () => {
    try {
      await logout(admin.refresh_token);
    } finally {
      admin.clear();
      location.assign('/admin/login');
    }
  };

  const content = (
    <div className="ba-admin-info">
      <Avatar size={70} src={admin.avatar || undefined} icon={<UserOutlined />} />
      <div className="ba-admin-info-name">{admin.nickname}</div>
      <div className="ba-admin-info-time">{admin.last_login_time || '-'}</div>
      <div className="ba-admin-info-actions">
        <Button size="small" onClick={() => void navigate('/admin/routine/adminInfo')}>
          {t('layouts.personal data')}
        </Button>
        <Button size="small" danger onClick={() => void signOut()} data-testid="logout">
          {t('layouts.cancellation')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <button type="button" className="ba-nav-menu ba-nav-admin" data-testid="admin-info">
        <Avatar size={25} src={admin.avatar || undefined} icon={<UserOutlined />} />
        <span>{admin.nickname}</span>
      </button>
    </Popover>
  );
}

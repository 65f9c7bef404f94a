/**
 * `/user/loading`: the member centre's start. Closed centre → the notice; no token → the
 * member login. The member pages themselves arrive with the member centre; until a member
 * menu exists there is no page to go to, which is reported as in the original.
 */
import { notification, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../../stores/user-info';
import { MemberCenterDisabled } from './member-center-disabled';
import { useMemberCenter } from './use-member-center';

export default function UserLoading() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useUserInfo((s) => s.token);
  const center = useMemberCenter();

  useEffect(() => {
    if (!center?.openMemberCenter) return;
    if (!token) void navigate('/user/login', { replace: true });
    else notification.error({ title: t('utils.Failed to find a jump route') });
  }, [center, token, navigate, t]);

  if (center && !center.openMemberCenter) return <MemberCenterDisabled />;
  return <Spin size="large" style={{ display: 'block', marginTop: '30vh' }} />;
}

/**
 * `/user/loading`: the member centre's start. Closed centre → the notice; no token → the
 * member login; otherwise the member's menus are loaded and the deep link that brought
 * the member here (`url`, `query`) is replayed, or the first member page opened.
 */
import { notification, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { bootMember } from '../../../router/member-boot';
import { replayTarget } from '../../../router/to-loading';
import { MEMBER_BASE } from '../../../stores/member-routes';
import { useUserInfo } from '../../../stores/user-info';
import { MemberCenterDisabled } from './member-center-disabled';

export default function UserLoading() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const token = useUserInfo((s) => s.token);
  const [closed, setClosed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: boots once per visit of this route.
  useEffect(() => {
    if (!token) {
      void navigate('/user/login', { replace: true });
      return;
    }
    let alive = true;
    bootMember()
      .then((first) => {
        if (!alive) return;
        if (first === null) return setClosed(true);
        const target = replayTarget(search, MEMBER_BASE);
        if (target)
          void navigate(target.search ? `${target.path}?${target.search}` : target.path, { replace: true });
        else if (first) void navigate(first.path, { replace: true });
        else notification.error({ title: t('utils.Failed to find a jump route') });
      })
      .catch(() => {
        // The request layer has told the member (or sent them to the login page).
      });
    return () => {
      alive = false;
    };
  }, []);

  if (closed) return <MemberCenterDisabled />;
  return <Spin size="large" style={{ display: 'block', marginTop: '30vh' }} />;
}

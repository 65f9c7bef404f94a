/**
 * `/user/login`: members sign in with their username, e-mail or mobile. While the member
 * centre is switched off the page says so instead. Registration and password retrieval
 * arrive with the member centre.
 */
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { checkInConfig, memberLogin } from '../../../api/frontend';
import { LangSwitch } from '../../../components/lang-switch';
import { LoginForm, type LoginValues } from '../../../components/login/login-form';
import { useUserInfo } from '../../../stores/user-info';
import '../../backend/login.css';
import { MemberCenterDisabled } from './member-center-disabled';
import { useMemberCenter } from './use-member-center';

/** Members sign in with a username, e-mail or mobile: the server tells which matched. */
const anyAccount = () => true as const;

export default function UserLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const center = useMemberCenter();
  const setInfo = useUserInfo((s) => s.setInfo);
  const [captcha, setCaptcha] = useState(false);

  useEffect(() => {
    if (!center?.openMemberCenter) return;
    checkInConfig()
      .then(({ data }) => setCaptcha(data.userLoginCaptchaSwitch))
      .catch(() => {});
  }, [center]);

  if (!center) return <Spin style={{ display: 'block', marginTop: '30vh' }} />;
  if (!center.openMemberCenter) return <MemberCenterDisabled />;

  const submit = async (values: LoginValues) => {
    try {
      const { data } = await memberLogin(values);
      setInfo(data.userInfo);
      void navigate('/user', { replace: true });
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className="ba-login">
      <LangSwitch style={{ position: 'fixed', top: 16, right: 16, fontSize: 20, color: '#fff' }} />
      <div className="ba-login-box" style={{ paddingTop: 32 }}>
        <h2 style={{ textAlign: 'center', marginTop: 0 }}>{t('pagesTitle.userLogin')}</h2>
        <LoginForm
          captcha={captcha}
          accountRule={anyAccount}
          accountPlaceholder={t('login.Username, e-mail or mobile')}
          onSubmit={submit}
        />
      </div>
    </div>
  );
}

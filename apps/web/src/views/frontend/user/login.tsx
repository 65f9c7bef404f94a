/**
 * `/user/login` (as in the original): sign in with a username, e-mail or mobile; register
 * with a code sent to an e-mail address or mobile number (`?type=register` opens that
 * tab); retrieve a forgotten password. While the member centre is switched off the page
 * says so instead. It reads the address and navigates without the router's hooks: a cold load
 * draws it without the router (router/sign-in-shell.tsx).
 */
import type { UserInfo } from '@portico/shared';
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkInConfig, memberLogin } from '../../../api/frontend';
import type { Channel } from '../../../api/frontend/account';
import { LangSwitch } from '../../../components/lang-switch';
import { LoginForm, type LoginValues } from '../../../components/login/login-form';
import { navigateTo } from '../../../router/navigation';
import { useUserInfo } from '../../../stores/user-info';
import '../../backend/login.css';
import { useMemberCenter } from './use-member-center';

// Forms with antd's form engine, loaded when opened: signing in, the page's first load needs neither.
const RegisterForm = lazy(() =>
  import('../../../components/member/register-form').then((m) => ({ default: m.RegisterForm })),
);
const RetrievePassword = lazy(() =>
  import('../../../components/member/retrieve-password').then((m) => ({ default: m.RetrievePassword })),
);
// Only while the site owner keeps the member centre switched off (antd's Result).
const MemberCenterDisabled = lazy(() =>
  import('./member-center-disabled').then((m) => ({ default: m.MemberCenterDisabled })),
);
const waiting = <Spin style={{ display: 'block', margin: '32px auto' }} />;

/** Members sign in with a username, e-mail or mobile: the server tells which matched. */
const anyAccount = () => true as const;

export default function UserLogin() {
  const { t } = useTranslation();
  // Drawn at build time (src/prerender.tsx) as an address without a query shows it.
  const params = new URLSearchParams(import.meta.env.SSR ? '' : window.location.search);
  const center = useMemberCenter();
  const setInfo = useUserInfo((s) => s.setInfo);
  const [captcha, setCaptcha] = useState(false);
  const [channels, setChannels] = useState<Channel[]>([]);
  // Unknown until the form's settings arrive; the register tab waits for them.
  const [registerAvailable, setRegisterAvailable] = useState<boolean | null>(null);
  const [mode, setMode] = useState<'login' | 'register'>(
    params.get('type') === 'register' ? 'register' : 'login',
  );
  const [retrieving, setRetrieving] = useState(false);

  useEffect(() => {
    if (!center?.openMemberCenter) return;
    checkInConfig()
      .then(({ data }) => {
        setCaptcha(data.userLoginCaptchaSwitch);
        setChannels(data.accountVerificationType as Channel[]);
        setRegisterAvailable(data.registerAvailable ?? data.accountVerificationType.length > 0);
      })
      // Not knowing, the form is offered: the server still answers a submit clearly.
      .catch(() => setRegisterAvailable(true));
  }, [center]);

  if (!center) return <Spin style={{ display: 'block', marginTop: '30vh' }} />;
  if (!center.openMemberCenter)
    return (
      <Suspense fallback={null}>
        <MemberCenterDisabled />
      </Suspense>
    );

  const signedIn = (userInfo: UserInfo, routePath: string) => {
    setInfo(userInfo);
    // Only a path of this site may be the destination, never another origin.
    const to = params.get('to');
    if (to?.startsWith('/') && !to.startsWith('//')) navigateTo({ path: to }, { replace: true });
    else navigateTo({ path: routePath || '/user' }, { replace: true });
  };

  const login = async (values: LoginValues) => {
    try {
      const { data } = await memberLogin(values);
      signedIn(data.userInfo, data.routePath);
      return true;
    } catch {
      return false;
    }
  };

  const title = mode === 'login' ? 'account.Login to {site}' : 'account.Register on {site}';
  // From the site's answer, not its store: the build draws this page (src/prerender.tsx), where a
  // store shows only its initial state.
  const siteName = center.site.siteName;
  return (
    <div className="ba-login">
      <LangSwitch style={{ position: 'fixed', top: 16, right: 16, fontSize: 20, color: '#fff' }} />
      <div className="ba-login-box" style={{ paddingTop: 32 }}>
        <h2 style={{ textAlign: 'center', marginTop: 0 }}>{t(title, { site: siteName })}</h2>
        {mode === 'login' ? (
          <>
            <LoginForm
              captcha={captcha}
              accountRule={anyAccount}
              accountPlaceholder={t('login.Username, e-mail or mobile')}
              onSubmit={login}
            />
            <div className="ba-login-links">
              {channels.length > 0 && (
                <button type="button" onClick={() => setRetrieving(true)}>
                  {t('account.Forgot your password?')}
                </button>
              )}
              <button type="button" onClick={() => setMode('register')} data-testid="to-register">
                {t('account.No account yet? Click Register')}
              </button>
            </div>
          </>
        ) : registerAvailable === null ? (
          waiting
        ) : (
          <Suspense fallback={waiting}>
            <RegisterForm
              channels={channels}
              available={registerAvailable}
              onRegistered={signedIn}
              onBackToLogin={() => setMode('login')}
            />
          </Suspense>
        )}
      </div>
      {retrieving && (
        <Suspense fallback={null}>
          <RetrievePassword channels={channels} onClose={() => setRetrieving(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * `/admin/login`: username, password, the captcha when the site asks for one, and "keep
 * me signed in" (which is what earns a refresh token). It navigates through router/navigation.ts,
 * not the router's hooks: a cold load draws it without the router (router/sign-in-shell.tsx).
 */
import { UserOutlined } from '@ant-design/icons';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login, loginConfig } from '../../api/backend';
import type { SecondStep, SignedIn } from '../../api/backend/two-factor';
import { notifier } from '../../api/notifier';
import { LangSwitch } from '../../components/lang-switch';
import { LoginForm, type LoginValues } from '../../components/login/login-form';
import { Logo } from '../../components/logo';
import { navigateTo } from '../../router/navigation';
import { useAdminInfo } from '../../stores/admin-info';
import './login.css';

// Only sign-ins with a second factor need it (and its QR code): not part of the first load.
const SecondStepSignIn = lazy(() => import('../../components/two-factor/second-step'));

export default function AdminLogin() {
  const { t } = useTranslation();
  const token = useAdminInfo((s) => s.token);
  const setInfo = useAdminInfo((s) => s.setInfo);
  const [captcha, setCaptcha] = useState(false);
  const [pending, setPending] = useState<{ step: SecondStep; keep: boolean } | null>(null);

  useEffect(() => {
    if (token) {
      navigateTo({ path: '/admin' }, { replace: true });
      return;
    }
    loginConfig()
      .then(({ data }) => setCaptcha(data.captcha))
      .catch(() => {});
  }, [token]);

  const signedIn = (answer: SignedIn) => {
    setInfo(answer.userInfo);
    navigateTo({ path: '/admin' }, { replace: true });
  };
  const restart = useCallback(() => setPending(null), []);

  const submit = async (values: LoginValues) => {
    try {
      const { data, msg } = await login(values);
      if ('twoFactor' in data) setPending({ step: data.twoFactor, keep: values.keep });
      else {
        notifier.success(msg);
        signedIn(data);
      }
      return true;
    } catch {
      // The request layer has shown why.
      return false;
    }
  };

  return (
    <div className="ba-login">
      <LangSwitch style={{ position: 'fixed', top: 16, right: 16, fontSize: 20, color: '#fff' }} />
      <div className="ba-login-box">
        <div className="ba-login-header">
          <Logo style={{ fontSize: 40 }} />
        </div>
        {/* Drawn here: antd's Avatar brings its group's popover into the first load. */}
        <div className="ba-login-avatar" aria-hidden="true">
          <UserOutlined />
        </div>
        {pending ? (
          <Suspense fallback={null}>
            <SecondStepSignIn
              pending={pending.step}
              keep={pending.keep}
              onSignedIn={signedIn}
              onRestart={restart}
            />
          </Suspense>
        ) : (
          <LoginForm
            captcha={captcha}
            accountPlaceholder={t('login.Please enter an account')}
            onSubmit={submit}
          />
        )}
      </div>
    </div>
  );
}

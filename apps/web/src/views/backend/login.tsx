/**
 * `/admin/login`: username, password, the captcha when the site asks for one, and "keep
 * me signed in" (which is what earns a refresh token). Enter submits.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { isAccount, isPassword } from '@portico/shared';
import { Avatar, Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type LoginForm, login, loginConfig } from '../../api/backend';
import { LangSwitch } from '../../components/lang-switch';
import { CaptchaInput, newCaptchaId } from '../../components/login/captcha-input';
import { Logo } from '../../components/logo';
import { useAdminInfo } from '../../stores/admin-info';
import { ruleOf } from '../../utils/form-rules';
import './login.css';

export default function AdminLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAdminInfo((s) => s.token);
  const setInfo = useAdminInfo((s) => s.setInfo);
  const [form] = Form.useForm<LoginForm>();
  const [captcha, setCaptcha] = useState(false);
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (token) {
      void navigate('/admin', { replace: true });
      return;
    }
    loginConfig()
      .then(({ data }) => setCaptcha(data.captcha))
      .catch(() => {});
  }, [token, navigate]);

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const { data } = await login({ ...values, keep: Boolean(values.keep), captchaId });
      setInfo(data.userInfo);
      void navigate('/admin', { replace: true });
    } catch {
      // The message is shown by the request layer; a used captcha cannot be tried again.
      setCaptchaId(newCaptchaId());
      form.setFieldValue('captcha', '');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="ba-login">
      <LangSwitch style={{ position: 'fixed', top: 16, right: 16, fontSize: 20, color: '#fff' }} />
      <div className="ba-login-box">
        <div className="ba-login-header">
          <Logo style={{ fontSize: 40 }} />
        </div>
        <div className="ba-login-avatar">
          <Avatar size={100} icon={<UserOutlined />} />
        </div>
        <Form
          form={form}
          size="large"
          onFinish={submit}
          initialValues={{ keep: false }}
          className="ba-login-form"
        >
          <Form.Item
            name="username"
            rules={[{ required: true, message: t('login.Please enter an account') }, ruleOf(isAccount, t)]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.Please enter an account')}
              allowClear
              autoFocus
              id="username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('login.Please input a password') }, ruleOf(isPassword, t)]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.Please input a password')}
              id="password"
            />
          </Form.Item>
          {captcha && (
            <Form.Item
              name="captcha"
              rules={[{ required: true, message: t('login.Please enter the verification code') }]}
            >
              <CaptchaInput captchaId={captchaId} onRefresh={() => setCaptchaId(newCaptchaId())} />
            </Form.Item>
          )}
          <Form.Item name="keep" valuePropName="checked">
            <Checkbox>{t('login.Hold session')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" shape="round" block loading={submitting}>
            {t('login.Sign in')}
          </Button>
        </Form>
      </div>
    </div>
  );
}

/**
 * `/user/login`: members sign in with their username, e-mail or mobile. While the member
 * centre is switched off the page says so instead. Registration and password retrieval
 * arrive with the member centre.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { isPassword } from '@portico/shared';
import { Button, Checkbox, Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { checkInConfig, type MemberLoginForm, memberLogin } from '../../../api/frontend';
import { LangSwitch } from '../../../components/lang-switch';
import { CaptchaInput, newCaptchaId } from '../../../components/login/captcha-input';
import { useUserInfo } from '../../../stores/user-info';
import { ruleOf } from '../../../utils/form-rules';
import '../../backend/login.css';
import { MemberCenterDisabled } from './member-center-disabled';
import { useMemberCenter } from './use-member-center';

export default function UserLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const center = useMemberCenter();
  const setInfo = useUserInfo((s) => s.setInfo);
  const [captcha, setCaptcha] = useState(false);
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [form] = Form.useForm<MemberLoginForm>();

  useEffect(() => {
    if (!center?.openMemberCenter) return;
    checkInConfig()
      .then(({ data }) => setCaptcha(data.userLoginCaptchaSwitch))
      .catch(() => {});
  }, [center]);

  if (!center) return <Spin style={{ display: 'block', marginTop: '30vh' }} />;
  if (!center.openMemberCenter) return <MemberCenterDisabled />;

  const submit = async (values: MemberLoginForm) => {
    try {
      const { data } = await memberLogin({ ...values, keep: Boolean(values.keep), captchaId });
      setInfo(data.userInfo);
      void navigate('/user', { replace: true });
    } catch {
      setCaptchaId(newCaptchaId());
      form.setFieldValue('captcha', '');
    }
  };

  return (
    <div className="ba-login">
      <LangSwitch style={{ position: 'fixed', top: 16, right: 16, fontSize: 20, color: '#fff' }} />
      <div className="ba-login-box" style={{ paddingTop: 32 }}>
        <h2 style={{ textAlign: 'center', marginTop: 0 }}>{t('pagesTitle.userLogin')}</h2>
        <Form form={form} size="large" onFinish={submit} className="ba-login-form">
          <Form.Item
            name="username"
            rules={[{ required: true, message: t('login.Please enter an account') }]}
          >
            <Input prefix={<UserOutlined />} placeholder={t('login.Username, e-mail or mobile')} allowClear />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('login.Please input a password') }, ruleOf(isPassword, t)]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.Please input a password')} />
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
          <Button type="primary" htmlType="submit" shape="round" block>
            {t('login.Sign in')}
          </Button>
        </Form>
      </div>
    </div>
  );
}

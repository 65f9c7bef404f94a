/**
 * Registration on the member login page: by e-mail or by mobile (whichever can deliver a
 * code), a username and a password, and the code sent to the address (event user_register).
 * When neither can deliver a code the form would only fail on submit, so a notice says so
 * instead.
 */
import type { UserInfo } from '@portico/shared';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { memberRegister } from '../../api/frontend';
import type { Channel } from '../../api/frontend/account';
import { accountRule, addressRule, passwordRule } from './account-rules';
import { SendCodeButton } from './send-code-button';

interface Values {
  registerType: Channel;
  username: string;
  password: string;
  email?: string;
  mobile?: string;
  captcha: string;
}

interface Props {
  channels: Channel[];
  /** The server can send a code by e-mail or SMS. */
  available: boolean;
  onRegistered(userInfo: UserInfo, routePath: string): void;
  onBackToLogin(): void;
}

export function RegisterForm({ channels, available, onRegistered, onBackToLogin }: Props) {
  if (!available) return <RegistrationUnavailable onBackToLogin={onBackToLogin} />;
  return <RegisterFields channels={channels} onRegistered={onRegistered} onBackToLogin={onBackToLogin} />;
}

function RegistrationUnavailable({ onBackToLogin }: Pick<Props, 'onBackToLogin'>) {
  const { t } = useTranslation();
  return (
    <div data-testid="register-unavailable">
      <Alert
        type="info"
        showIcon
        title={t('account.Registration is not open yet')}
        description={t(
          'account.Registration needs a verification code, but this site cannot send e-mail or SMS yet. Please try again later or contact the webmaster.',
        )}
      />
      <Button type="link" block onClick={onBackToLogin} style={{ marginTop: 8 }}>
        {t('account.Back to login')}
      </Button>
    </div>
  );
}

function RegisterFields({ channels, onRegistered, onBackToLogin }: Omit<Props, 'available'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('registerType', form) ?? channels[0] ?? 'email';

  const submit = async (values: Values) => {
    try {
      const { data } = await memberRegister({ ...values, username: values.username.trim() });
      onRegistered(data.userInfo, data.routePath);
    } catch {
      // The message is shown; the form keeps what was typed.
    }
  };

  return (
    <Form
      form={form}
      name="register"
      className="ba-login-form"
      initialValues={{ registerType: channels[0] ?? 'email' }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="registerType">
        <Radio.Group
          options={(['email', 'mobile'] as const).map((channel) => ({
            value: channel,
            label: t(`account.Register by ${channel}`),
            disabled: !channels.includes(channel),
          }))}
        />
      </Form.Item>
      <Form.Item name="username" rules={[accountRule(t)]}>
        <Input size="large" placeholder={t('user.user.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[passwordRule(t)]}>
        <Input.Password
          size="large"
          placeholder={t('login.Please input a password')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name={type} rules={[addressRule(t, type)]}>
        <Input size="large" placeholder={t(`user.user.${type}`)} />
      </Form.Item>
      <Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="captcha"
            noStyle
            rules={[{ required: true, message: t('login.Please enter the verification code') }]}
          >
            <Input size="large" placeholder={t('account.Verification code')} autoComplete="one-time-code" />
          </Form.Item>
          <SendCodeButton
            size="large"
            prepare={async () => {
              const values = await form.validateFields([type, 'username', 'password']).catch(() => null);
              const address = values?.[type];
              return address ? { channel: type, address, event: 'user_register' } : null;
            }}
          />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" shape="round" size="large" block>
        {t('account.Register')}
      </Button>
      <Button type="link" block onClick={onBackToLogin} style={{ marginTop: 8 }}>
        {t('account.Back to login')}
      </Button>
    </Form>
  );
}

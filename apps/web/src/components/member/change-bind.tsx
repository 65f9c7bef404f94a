/**
 * Binding or replacing the member's e-mail or mobile (as in the original). Replacing an
 * address first proves the current one (its code, sent after the account password), which
 * yields a short-lived token; binding a first address takes the password instead.
 */
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Channel, changeBind, verifyAccount } from '../../api/frontend/account';
import { useUserInfo } from '../../stores/user-info';
import { addressRule, passwordRule } from './account-rules';
import { CodeField } from './code-field';

interface Props {
  channel: Channel;
  onClose(): void;
}

export function ChangeBind({ channel, onClose }: Props) {
  const current = useUserInfo((s) => s[channel]);
  const [token, setToken] = useState<string | null>(current ? null : '');
  if (token === null) return <VerifyCurrent channel={channel} onVerified={setToken} onClose={onClose} />;
  return <BindNew channel={channel} token={token} onClose={onClose} />;
}

function VerifyCurrent({ channel, onVerified, onClose }: Props & { onVerified(token: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; captcha: string }>();
  const current = useUserInfo((s) => s[channel]);
  const submit = async ({ captcha }: { captcha: string }) => {
    try {
      const { data } = await verifyAccount({ type: channel, captcha });
      onVerified(data.accountVerificationToken);
    } catch {
      // The message is shown; the member may try again.
    }
  };
  return (
    <Modal
      open
      title={t('account.Account verification')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('account.Next step')}
      maskClosable={false}
    >
      <Form form={form} name="verify" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="password" label={t('account.Account password')} rules={[passwordRule(t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <CodeField
          label={t(`account.Code sent to your ${channel}`, { address: current })}
          prepare={async () => {
            const { password } = await form.validateFields(['password']).catch(() => ({ password: null }));
            if (!password) return null;
            return { channel, address: current, event: `user_${channel}_verify`, password };
          }}
        />
      </Form>
    </Modal>
  );
}

function BindNew({ channel, token, onClose }: Props & { token: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ address: string; captcha: string; password?: string }>();
  const setInfo = useUserInfo((s) => s.setInfo);
  const submit = async (values: { address: string; captcha: string; password?: string }) => {
    try {
      const { data } = await changeBind({
        type: channel,
        [channel]: values.address,
        captcha: values.captcha,
        ...(token ? { accountVerificationToken: token } : { password: values.password }),
      });
      setInfo(data.userInfo);
      onClose();
    } catch {
      // The message is shown; the dialog stays for another try.
    }
  };
  return (
    <Modal open title={t(`account.Bind ${channel}`)} onCancel={onClose} footer={null} maskClosable={false}>
      <Form form={form} name="bind" layout="vertical" onFinish={(values) => void submit(values)}>
        {!token && (
          <Form.Item name="password" label={t('account.Account password')} rules={[passwordRule(t)]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item name="address" label={t(`account.New ${channel}`)} rules={[addressRule(t, channel)]}>
          <Input />
        </Form.Item>
        <CodeField
          label={t('login.Captcha')}
          prepare={async () => {
            const { address } = await form.validateFields(['address']).catch(() => ({ address: null }));
            return address ? { channel, address, event: `user_change_${channel}` } : null;
          }}
        />
        <Button type="primary" htmlType="submit" block>
          {t('account.Bind')}
        </Button>
      </Form>
    </Modal>
  );
}

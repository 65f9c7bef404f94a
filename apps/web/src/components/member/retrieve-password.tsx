/** "Forgot your password?": a code to the member's e-mail or mobile, then a new password. */
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Channel, retrievePassword } from '../../api/frontend/account';
import { addressRule, passwordRule } from './account-rules';
import { CodeField } from './code-field';

interface Values {
  type: Channel;
  account: string;
  captcha: string;
  password: string;
}

export function RetrievePassword({ channels, onClose }: { channels: Channel[]; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? channels[0] ?? 'email';

  const submit = async (values: Values) => {
    try {
      await retrievePassword(values);
      onClose();
    } catch {
      // The message is shown; the dialog stays for another try.
    }
  };

  return (
    <Modal
      open
      title={t('account.Retrieve password')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('account.Confirm')}
      maskClosable={false}
      keyboard={false}
      width="min(560px, 92vw)"
    >
      <Form
        form={form}
        name="retrieve"
        layout="vertical"
        initialValues={{ type: channels[0] ?? 'email' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="type" label={t('account.Retrieval method')}>
          <Radio.Group
            options={(['email', 'mobile'] as const).map((channel) => ({
              value: channel,
              label: t(`user.user.${channel}`),
              disabled: !channels.includes(channel),
            }))}
          />
        </Form.Item>
        <Form.Item name="account" label={t(`user.user.${type}`)} rules={[addressRule(t, type)]}>
          <Input />
        </Form.Item>
        <CodeField
          label={t('account.Verification code')}
          prepare={async () => {
            const values = await form.validateFields(['account']).catch(() => null);
            return values?.account
              ? { channel: type, address: values.account, event: 'user_retrieve_pwd' }
              : null;
          }}
        />
        <Form.Item name="password" label={t('account.New password')} rules={[passwordRule(t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

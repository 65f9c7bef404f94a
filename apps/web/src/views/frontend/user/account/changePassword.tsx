/** Change password (as in the original): the old one, a new one twice; success signs the member out. */
import { isPassword } from '@portico/shared';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../../../api/frontend/account';
import { passwordRule } from '../../../../components/member/account-rules';
import { useUserInfo } from '../../../../stores/user-info';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export default function ChangePassword() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const clear = useUserInfo((s) => s.clear);

  const submit = async ({ oldPassword, newPassword }: Values) => {
    try {
      await changePassword({ oldPassword, newPassword });
    } catch {
      return;
    }
    // The server has ended every session of this member.
    clear();
    location.assign('/user/login');
  };

  return (
    <Card title={t('account.Change password')}>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 360 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="oldPassword"
          label={t('account.Old password')}
          rules={[{ required: true, message: t('account.Please enter your current password') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {/* The shared rule is a validator, which antd does not mark: every field here is required. */}
        <Form.Item name="newPassword" label={t('account.New password')} rules={[passwordRule(t)]} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.Confirm new password')}
          required
          dependencies={['newPassword']}
          rules={[
            passwordRule(t),
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('newPassword') || !isPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.The two passwords do not match'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button onClick={() => form.resetFields()} style={{ marginRight: 8 }}>
          {t('Reset')}
        </Button>
        <Button type="primary" htmlType="submit">
          {t('Save')}
        </Button>
      </Form>
    </Card>
  );
}

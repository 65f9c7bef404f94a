/**
 * Personal data (as in the original): avatar, username, nickname, gender, birthday and
 * signature; e-mail and mobile are changed only through the change-bind dialogs.
 * Below the form, the areas' cards (slot `member-profile.cards`): signed-in sessions.
 */
import { Button, Card, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Channel, profileConfig, saveProfile } from '../../../../api/frontend/account';
import { UploadInput } from '../../../../components/form/upload-input';
import { accountRule, nicknameRule } from '../../../../components/member/account-rules';
import { ChangeBind } from '../../../../components/member/change-bind';
import { ModuleSlot } from '../../../../module-contract/slot';
import { useUserInfo } from '../../../../stores/user-info';

interface Values {
  avatar: string;
  username: string;
  nickname: string;
  gender: number;
  birthday: Dayjs | null;
  motto: string;
}

export default function Profile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [form] = Form.useForm<Values>();
  const [channels, setChannels] = useState<Channel[]>([]);
  const [binding, setBinding] = useState<Channel | null>(null);

  useEffect(() => {
    profileConfig()
      .then(({ data }) => setChannels(data.accountVerificationType))
      .catch(() => {});
  }, []);

  const initial = {
    avatar: user.avatar,
    username: user.username,
    nickname: user.nickname,
    gender: user.gender,
    birthday: user.birthday ? dayjs(user.birthday) : null,
    motto: user.motto,
  };

  const submit = async (values: Values) => {
    try {
      const { data } = await saveProfile({
        ...values,
        birthday: values.birthday?.format('YYYY-MM-DD') ?? '',
      });
      user.setInfo(data.userInfo);
    } catch {
      // The message is shown; the form keeps what was typed.
    }
  };

  const address = (channel: Channel) =>
    channels.includes(channel) && (
      <Form.Item label={t(`user.user.${channel}`)}>
        <Input
          id={`profile-${channel}`}
          value={user[channel]}
          readOnly
          placeholder={t('account.Use the button on the right to change')}
          suffix={
            <Button
              size="small"
              type="link"
              onClick={() => setBinding(channel)}
              data-testid={`bind-${channel}`}
            >
              {user[channel] ? t('account.Click to modify') : t('account.Bind')}
            </Button>
          }
        />
      </Form.Item>
    );

  return (
    <>
      <Card
        title={t('account.Personal data')}
        extra={
          <Button onClick={() => void navigate('/user/account/changePassword')}>
            {t('account.Change password')}
          </Button>
        }
      >
        <Form
          form={form}
          name="profile"
          layout="vertical"
          style={{ maxWidth: 400 }}
          initialValues={initial}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="avatar" label={t('user.user.avatar')}>
            <UploadInput kind="image" area="api" />
          </Form.Item>
          <Form.Item name="username" label={t('user.user.username')} rules={[accountRule(t)]}>
            <Input />
          </Form.Item>
          <Form.Item name="nickname" label={t('user.user.nickname')} rules={[nicknameRule(t)]}>
            <Input />
          </Form.Item>
          {address('email')}
          {address('mobile')}
          <Form.Item name="gender" label={t('user.user.gender')}>
            <Radio.Group
              options={[
                { value: 0, label: t('user.user.Unknown') },
                { value: 1, label: t('user.user.Male') },
                { value: 2, label: t('user.user.Female') },
              ]}
            />
          </Form.Item>
          <Form.Item name="birthday" label={t('user.user.birthday')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="motto" label={t('user.user.motto')}>
            <Input.TextArea rows={3} maxLength={120} showCount />
          </Form.Item>
          <Button onClick={() => form.resetFields()} style={{ marginRight: 8 }}>
            {t('Reset')}
          </Button>
          <Button type="primary" htmlType="submit">
            {t('Save')}
          </Button>
        </Form>
        {binding && <ChangeBind channel={binding} onClose={() => setBinding(null)} />}
      </Card>
      {/* The areas' cards: the sessions area's "Signed-in sessions". */}
      <ModuleSlot name="member-profile.cards" wrap={(part) => <div style={{ marginTop: 16 }}>{part}</div>} />
    </>
  );
}

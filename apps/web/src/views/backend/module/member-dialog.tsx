/**
 * The market member dialog (the original's "BA account dialog"): signed out, the store's login
 * with its image captcha (a new one after every failure); signed in, the member's avatar,
 * nickname, points and balance, their modules (orders) and logout.
 */

import type { StoreOrder } from '@portico/shared';
import { Avatar, Button, Descriptions, Empty, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  marketCaptcha,
  marketLogin,
  marketLoginConfig,
  marketLogout,
  marketMemberInfo,
  storeOrders,
} from '../../../api/backend/market';
import { useMarket } from '../../../stores/market';
import { priceText } from './market';
import './market-session';

const newCaptchaId = () => crypto.randomUUID();

function LoginForm() {
  const { t } = useTranslation();
  const signIn = useMarket((s) => s.signIn);
  const [captchaOn, setCaptchaOn] = useState(false);
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [captchaImage, setCaptchaImage] = useState('');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();

  useEffect(() => {
    marketLoginConfig()
      .then((answer) => setCaptchaOn(answer.data.userLoginCaptchaSwitch))
      .catch(() => {});
  }, []);
  useEffect(() => {
    if (!captchaOn) return;
    marketCaptcha(captchaId)
      .then(setCaptchaImage)
      .catch(() => setCaptchaImage(''));
  }, [captchaOn, captchaId]);

  const submit = async (values: { username: string; password: string; captcha?: string }) => {
    setBusy(true);
    try {
      const answer = await marketLogin({
        username: values.username,
        password: values.password,
        captchaId,
        captchaInfo: values.captcha ?? '',
        keep: true,
      });
      const { token, ...member } = answer.data.userInfo;
      signIn(token, member);
    } catch {
      // The store said why; a captcha is good for one try.
      setCaptchaId(newCaptchaId());
      form.setFieldValue('captcha', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="marketLogin" layout="vertical" onFinish={submit} data-testid="market-login">
      <Typography.Title level={5}>{t('module.Log in to the module market')}</Typography.Title>
      <Form.Item
        name="username"
        label={t('module.Account')}
        rules={[{ required: true, message: t('module.Please enter the account') }]}
      >
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('module.Password')}
        rules={[
          { required: true, message: t('module.Please enter the password') },
          { pattern: /^(?!.*[&<>"'\n\r]).{6,32}$/, message: t('module.Please enter the correct password') },
        ]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {captchaOn && (
        <Form.Item label={t('module.Captcha')} required htmlFor="marketLogin_captcha">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="captcha"
              noStyle
              rules={[{ required: true, message: t('module.Please enter the captcha') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <button
              type="button"
              className="market-captcha"
              onClick={() => setCaptchaId(newCaptchaId())}
              title={t('module.Click to change the captcha')}
              data-testid="market-captcha"
            >
              {captchaImage && <img src={captchaImage} alt={t('module.Captcha')} />}
            </button>
          </Space.Compact>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('module.Sign in')}
      </Button>
    </Form>
  );
}

function MemberPanel() {
  const { t } = useTranslation();
  const member = useMarket((s) => s.member);
  const { setMember, signOut } = useMarket.getState();
  const [orders, setOrders] = useState<StoreOrder[] | null>(null);
  const [loadingOrders, setLoadingOrders] = useState(false);

  useEffect(() => {
    // The points and balance change with every purchase: read them again when the dialog opens.
    marketMemberInfo()
      .then((answer) => {
        if (answer.data.userInfo) setMember(answer.data.userInfo);
        else useMarket.getState().expire();
      })
      .catch(() => {});
  }, [setMember]);

  const showOrders = useCallback(async () => {
    setLoadingOrders(true);
    try {
      setOrders((await storeOrders()).data.list);
    } catch {
      setOrders(null);
    } finally {
      setLoadingOrders(false);
    }
  }, []);

  const logout = async () => {
    try {
      await marketLogout();
    } catch {
      // Forgotten here either way.
    }
    signOut();
  };

  if (!member) return null;
  return (
    <div data-testid="market-member">
      <div className="market-member-head">
        <Avatar size={64} src={member.avatar || undefined}>
          {member.nickname.slice(0, 1)}
        </Avatar>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {member.nickname}
        </Typography.Title>
      </div>
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          {
            key: 'score',
            label: t('module.Integral'),
            children: <span data-testid="market-score">{member.score}</span>,
          },
          {
            key: 'money',
            label: t('module.Balance'),
            children: <span data-testid="market-money">{member.money}</span>,
          },
        ]}
      />
      <Space className="market-member-actions" wrap>
        <Button onClick={() => void showOrders()} loading={loadingOrders}>
          {t('module.My module')}
        </Button>
        <Button danger onClick={() => void logout()}>
          {t('module.Logout')}
        </Button>
      </Space>
      {orders &&
        (orders.length === 0 ? (
          <Empty description={t('module.No module purchased yet')} />
        ) : (
          <Table<StoreOrder>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={orders}
            scroll={{ x: true }}
            columns={[
              { title: t('module.Module'), dataIndex: 'module_title' },
              {
                title: t('module.Order price'),
                render: (_, order) => priceText(order.price_type, order.amount, t),
              },
              {
                title: t('module.Status'),
                render: (_, order) =>
                  order.status === 'paid' ? (
                    <Tag color="success">{t('module.Paid')}</Tag>
                  ) : (
                    <Tag>{t('module.Unpaid')}</Tag>
                  ),
              },
            ]}
          />
        ))}
    </div>
  );
}

export function MemberDialog() {
  const { t } = useTranslation();
  const open = useMarket((s) => s.memberDialog);
  const signedIn = useMarket((s) => !!s.token && !!s.member);
  const showMemberDialog = useMarket((s) => s.showMemberDialog);
  return (
    <Modal
      open={open}
      title={t('module.Member information')}
      footer={null}
      width="min(420px, calc(100vw - 16px))"
      destroyOnHidden
      onCancel={() => showMemberDialog(false)}
    >
      {signedIn ? <MemberPanel /> : <LoginForm />}
    </Modal>
  );
}

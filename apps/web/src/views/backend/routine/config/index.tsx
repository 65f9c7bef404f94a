/**
 * routine/config (as in the original): one tab per config group, each saved on its own;
 * the mail tab can send a test mail; items added here can be deleted; the quick-entrance
 * card leads to other settings pages. Secrets show only whether one is set. Group and item
 * titles, tips and options come in the reader's language from the server, which knows the
 * stored titles' translations (as the original's language pack did) and those of modules.
 */
import { CloseOutlined } from '@ant-design/icons';
import { AdminController, adminUrl } from '@portico/shared';
import {
  Button,
  Card,
  Col,
  Form,
  type FormInstance,
  Input,
  Modal,
  notification,
  Popconfirm,
  Row,
  Space,
  Tabs,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createAxios } from '../../../../api/request';
import { FormItem } from '../../../../components/form/form-item';
import type { RemoteSelectProps } from '../../../../components/form/remote-select';
import type { RuleName } from '../../../../components/form/rules';
import type { InputType } from '../../../../components/form/types';
import { useTabQuery } from '../../../../components/tab-context';
import { useSiteConfig } from '../../../../stores/site-config';
import { AddConfigItem } from './add-item';
import './config.css';

export interface ConfigItem {
  id: number;
  name: string;
  title: string;
  tip: string;
  type: InputType;
  value: unknown;
  content: Record<string, string> | '';
  rule: string;
  allow_del: number;
  /** The input's attributes; a remote select's source in the original's props. */
  input_extend: { remoteUrl?: string; pk?: string; field?: string; params?: Record<string, unknown> };
  secret?: boolean;
  hasValue?: boolean;
}

interface ConfigIndex {
  list: Record<string, { name: string; title: string; list: ConfigItem[] }>;
  configGroup: Record<string, string>;
  quickEntrance: { key: string; value: string }[];
}

const MAIL_REQUIRED = ['smtp_server', 'smtp_port', 'smtp_user', 'smtp_pass', 'smtp_sender_mail'];

/** A remote select's source, as the server names it (the original's props). */
function remoteOf({ input_extend: extend }: ConfigItem): RemoteSelectProps | undefined {
  if (!extend?.remoteUrl) return undefined;
  return { url: extend.remoteUrl, pk: extend.pk, field: extend.field, params: extend.params };
}

/** A cleared select has no value: it is sent blank, so the setting is cleared rather than left out. */
function withClearedSelects(values: Record<string, unknown>, items: ConfigItem[]): Record<string, unknown> {
  const cleared = items.filter((item) => item.type === 'remoteSelect' && values[item.name] === undefined);
  return { ...values, ...Object.fromEntries(cleared.map((item) => [item.name, ''])) };
}
const ADD_TAB = '__add';

export default function ConfigPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [data, setData] = useState<ConfigIndex | null>(null);
  const [active, setActive] = useState('');
  const [adding, setAdding] = useState(false);
  // `?tab=mail` opens that group's tab (the dashboard's setup notice links here).
  const asked = useTabQuery().get('tab');

  const load = useCallback(() => {
    createAxios<ConfigIndex>({ url: adminUrl(AdminController.config, 'index'), method: 'get' })
      .then(({ data: index }) => {
        setData(index);
        setActive((current) => current || Object.keys(index.list)[0] || '');
      })
      .catch(() => {});
  }, []);
  useEffect(load, [load]);
  // Only when the asked tab changes or first exists: a reload after saving keeps the current tab.
  const askedExists = asked !== null && data?.list[asked] !== undefined;
  useEffect(() => {
    if (asked && askedExists) setActive(asked);
  }, [asked, askedExists]);

  if (!data) return null;
  return (
    <Row gutter={16}>
      <Col xs={24} sm={16}>
        <Card>
          <Tabs
            activeKey={active}
            onChange={(key) => (key === ADD_TAB ? setAdding(true) : setActive(key))}
            items={[
              ...Object.entries(data.list).map(([key, group]) => ({
                key,
                label: group.title,
                children: <GroupForm group={key} items={group.list} onChanged={load} />,
              })),
              { key: ADD_TAB, label: t('routine.config.Add configuration item') },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} sm={8}>
        <Card title={t('routine.config.Quick configuration entry')}>
          <Space wrap>
            {data.quickEntrance.map((entry) => (
              <Button key={entry.value} onClick={() => void navigate(`/admin/${entry.value}`)}>
                {entry.key}
              </Button>
            ))}
          </Space>
        </Card>
      </Col>
      {adding && (
        <AddConfigItem
          groups={data.configGroup}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            load();
          }}
        />
      )}
    </Row>
  );
}

function GroupForm({ group, items, onChanged }: { group: string; items: ConfigItem[]; onChanged(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const setSite = useSiteConfig((s) => s.set);
  const initial = Object.fromEntries(items.map((item) => [item.name, item.value]));

  // Through the form's onFinish, which runs once the fields are valid.
  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await createAxios(
        {
          url: adminUrl(AdminController.config, 'edit'),
          method: 'post',
          data: withClearedSelects(values, items),
        },
        { showSuccessMessage: true },
      );
      // The page title and other shell texts follow at once.
      if (typeof values.site_name === 'string') setSite({ siteName: values.site_name });
      if (typeof values.record_number === 'string') setSite({ recordNumber: values.record_number });
      onChanged();
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  const remove = async (item: ConfigItem) => {
    await createAxios(
      { url: adminUrl(AdminController.config, 'del'), method: 'post', data: { ids: [item.id] } },
      { showSuccessMessage: true },
    );
    onChanged();
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)}>
      {items.map((item) => (
        <div className="ba-config-item" key={item.name}>
          <FormItem
            // A secret is typed unseen, and never shown: the server sends none back.
            type={item.secret ? 'password' : item.type}
            remote={remoteOf(item)}
            name={item.name}
            label={item.title}
            tip={item.tip || undefined}
            content={item.content || undefined}
            rules={item.rule.split(',').filter(Boolean) as RuleName[]}
            placeholder={
              item.secret && item.hasValue ? t('routine.config.Set; leave blank to keep it') : undefined
            }
          />
          <span className="ba-config-name">
            ${item.name}
            {item.allow_del === 1 && (
              <Popconfirm
                title={t('routine.config.Are you sure to delete the configuration item?')}
                onConfirm={() => void remove(item)}
              >
                <CloseOutlined className="ba-config-del" aria-label={t('Delete')} />
              </Popconfirm>
            )}
          </span>
        </div>
      ))}
      <Space>
        {group === 'mail' && <TestMailButton form={form} items={items} />}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('Save')}
        </Button>
      </Space>
    </Form>
  );
}

function TestMailButton({
  form,
  items,
}: {
  form: FormInstance<Record<string, unknown>>;
  items: ConfigItem[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [receiver, setReceiver] = useState('');
  const [sending, setSending] = useState(false);

  const start = () => {
    const values = form.getFieldsValue();
    const missing = MAIL_REQUIRED.some((name) => {
      const item = items.find((i) => i.name === name);
      return !String(values[name] ?? '').trim() && !(item?.secret && item.hasValue);
    });
    if (missing)
      notification.error({ title: t('routine.config.Please complete the mail configuration first') });
    else setOpen(true);
  };

  const send = async () => {
    setSending(true);
    try {
      await createAxios(
        {
          url: adminUrl(AdminController.config, 'sendTestMail'),
          method: 'post',
          data: { ...form.getFieldsValue(), testMail: receiver },
        },
        { showSuccessMessage: true },
      );
      setOpen(false);
    } catch {
      // Shown by the request layer.
    } finally {
      setSending(false);
    }
  };

  const valid = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(receiver);
  return (
    <>
      <Button onClick={start}>{t('routine.config.Test mail sending')}</Button>
      <Modal
        open={open}
        title={t('routine.config.Test mail sending')}
        okText={sending ? t('routine.config.Sending') : t('Confirm')}
        okButtonProps={{ loading: sending, disabled: !valid }}
        onOk={() => void send()}
        onCancel={() => setOpen(false)}
      >
        <Input
          value={receiver}
          onChange={(e) => setReceiver(e.target.value)}
          placeholder={t('routine.config.Please enter the recipient email address')}
          status={receiver && !valid ? 'error' : undefined}
          data-testid="test-mail-receiver"
        />
      </Modal>
    </>
  );
}

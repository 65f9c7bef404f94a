/**
 * routine/adminInfo: the signed-in administrator's own profile and operation log
 * (as in the original). The avatar uploads and saves as soon as a picture is chosen.
 * Below them, the areas' cards (slot `admin-profile.cards`): signed-in sessions, two-factor sign-in.
 */
import { UserOutlined } from '@ant-design/icons';
import { AdminController, adminUrl } from '@portico/shared';
import { Avatar, Button, Card, Col, Form, Pagination, Row, Timeline, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../../api/request';
import { FormItem } from '../../../components/form/form-item';
import { useUploadCheck } from '../../../components/form/upload-input';
import { ModuleSlot } from '../../../module-contract/slot';
import { useAdminInfo } from '../../../stores/admin-info';
import { timeFormat, zoneLabel } from '../../../utils/time';

interface Info {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  motto: string;
  /** Rendered by the server, as the original's: `Y-m-d H:i:s` in the site's time zone, or ''. */
  last_login_time: string;
}

interface LogRow {
  id: number;
  title: string;
  create_time: number;
}

const LOG_PAGE = 12;

export default function AdminInfoPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const setInfo = useAdminInfo((s) => s.setInfo);
  const acceptable = useUploadCheck();
  const [info, setProfile] = useState<Info | null>(null);
  const [saving, setSaving] = useState(false);
  const [log, setLog] = useState<{ list: LogRow[]; total: number; page: number }>({
    list: [],
    total: 0,
    page: 1,
  });

  const load = () =>
    createAxios<{ info: Info }>({ url: adminUrl(AdminController.adminInfo, 'index'), method: 'get' })
      .then(({ data }) => {
        setProfile(data.info);
        form.setFieldsValue({ ...data.info, password: '' });
      })
      .catch(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once.
  useEffect(() => {
    void load();
  }, []);

  useEffect(() => {
    createAxios<{ list: LogRow[]; total: number }>({
      url: adminUrl(AdminController.adminInfo, 'log'),
      method: 'get',
      params: { page: log.page, limit: LOG_PAGE },
    })
      .then(({ data }) => setLog((l) => ({ ...l, list: data.list, total: data.total })))
      .catch(() => {});
  }, [log.page]);

  // Through the form's onFinish, which runs once the fields are valid.
  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await createAxios(
        { url: adminUrl(AdminController.adminInfo, 'edit'), method: 'post', data: values },
        { showSuccessMessage: true },
      );
      setInfo({ nickname: String(values.nickname ?? '') });
      form.setFieldValue('password', '');
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  const changeAvatar = async (file: File) => {
    if (!acceptable(file)) return;
    const data = new FormData();
    data.append('file', file);
    const uploaded = await createAxios<{ file: { url: string } }>({
      url: adminUrl(AdminController.ajax, 'upload'),
      method: 'post',
      data,
    });
    const avatar = uploaded.data.file.url;
    await createAxios(
      { url: adminUrl(AdminController.adminInfo, 'edit'), method: 'post', data: { avatar } },
      { showSuccessMessage: true },
    );
    setProfile((p) => (p ? { ...p, avatar } : p));
    setInfo({ avatar });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card className="ba-admin-profile" style={{ borderTop: '3px solid #409eff' }}>
          <div style={{ textAlign: 'center' }}>
            <Upload
              // A file of another type gets through to the check, which says why it is refused.
              accept={{ format: '.gif,.jpg,.jpeg,.bmp,.png,.webp', filter: 'native' }}
              showUploadList={false}
              customRequest={({ file }) => void changeAvatar(file as File).catch(() => {})}
            >
              <Avatar
                size={110}
                src={info?.avatar || undefined}
                icon={<UserOutlined />}
                style={{ cursor: 'pointer' }}
              />
            </Upload>
            <Typography.Title level={4}>{info?.nickname}</Typography.Title>
            <Typography.Text type="secondary">
              {t('routine.adminInfo.Last logged in on')}{' '}
              <span title={zoneLabel()}>{info?.last_login_time || '-'}</span>
            </Typography.Text>
          </div>
          <Form
            form={form}
            layout="vertical"
            style={{ marginTop: 16 }}
            onFinish={(values) => void save(values)}
          >
            <FormItem
              type="string"
              name="username"
              label="auth.admin.username"
              inputAttr={{ disabled: true }}
            />
            <FormItem
              type="string"
              name="nickname"
              label="auth.admin.nickname"
              rules={['required', 'nickname']}
            />
            <FormItem type="string" name="email" label="auth.admin.email" rules={['email']} />
            <FormItem type="string" name="mobile" label="auth.admin.mobile" rules={['mobile']} />
            <FormItem
              type="textarea"
              name="motto"
              label="auth.admin.motto"
              placeholder={t('routine.adminInfo.This guy is lazy and wrote nothing')}
            />
            <FormItem
              type="password"
              name="password"
              label="routine.adminInfo.New password"
              rules={['password']}
              placeholder={t('auth.admin.Please leave blank if not modified')}
            />
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('routine.adminInfo.Save changes')}
            </Button>
            <Button style={{ marginLeft: 8 }} onClick={() => void load()}>
              {t('Reset')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('routine.adminInfo.Operation log')}>
          <Timeline
            items={log.list.map((row) => ({
              title: (
                <span title={zoneLabel()} data-testid="timeline-time">
                  {timeFormat(row.create_time)}
                </span>
              ),
              content: row.title,
            }))}
          />
          <Pagination
            simple
            current={log.page}
            pageSize={LOG_PAGE}
            total={log.total}
            onChange={(page) => setLog((l) => ({ ...l, page }))}
          />
        </Card>
      </Col>
      {/* The areas' cards: the sessions area's "Signed-in sessions", the two-factor area's "Two-factor sign-in". */}
      <ModuleSlot
        name="admin-profile.cards"
        wrap={(part) => (
          <Col xs={24} lg={12}>
            {part}
          </Col>
        )}
      />
    </Row>
  );
}

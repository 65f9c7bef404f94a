/**
 * A store module's "View demo" entries in its form: one block per demo (title, the demo's
 * address, an optional QR code image uploaded or picked from the attachments), Add and
 * Delete, at most STORE_DEMO_LIMITS.count. The addresses are checked here as the store checks
 * them (http/https only), so a mistake is shown by its field before anything is sent.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isStoreLink, STORE_DEMO_LIMITS as LIMITS, STORE_WEB_PROTOCOLS } from '@portico/shared';
import { UploadInput } from '@portico/web-sdk/form';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import './store.css';

export function DemoListInput() {
  const { t } = useTranslation();
  const address = {
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' &&
      value.length <= LIMITS.url &&
      isStoreLink(value.trim(), STORE_WEB_PROTOCOLS)
        ? Promise.resolve()
        : Promise.reject(new Error(t('store.Demo address help'))),
  };
  return (
    <Form.Item label={t('store.Demos')} tooltip={t('store.Demos help')}>
      <Form.List name="demos">
        {(fields, { add, remove }) => (
          <div className="store-demos" data-testid="store-demos">
            {fields.map((field, index) => (
              <div className="store-demo" key={field.key} data-testid="store-demo">
                <div className="store-demo-fields">
                  <Form.Item
                    name={[field.name, 'title']}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        max: LIMITS.title,
                        message: t('store.Demo title help'),
                      },
                    ]}
                  >
                    <Input
                      placeholder={t('store.Demo title')}
                      aria-label={`${t('store.Demo title')} ${index + 1}`}
                      maxLength={LIMITS.title}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'url']} rules={[address]}>
                    <Input
                      placeholder="https://"
                      aria-label={`${t('store.Demo address')} ${index + 1}`}
                      inputMode="url"
                    />
                  </Form.Item>
                </div>
                <div className="store-demo-qr">
                  <div className="store-demo-caption">{t('store.Demo QR code')}</div>
                  <Form.Item name={[field.name, 'image']}>
                    <UploadInput kind="image" />
                  </Form.Item>
                </div>
                <Button
                  className="store-demo-delete"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`${t('Delete')} ${index + 1}`}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            {fields.length < LIMITS.count && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => add({ title: '', url: '', image: '' })}
                data-testid="store-demo-add"
              >
                {t('store.Add a demo')}
              </Button>
            )}
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}

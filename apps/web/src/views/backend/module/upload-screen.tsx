/**
 * Upload installation: the warning list and a .zip drag area. The file goes to the ordinary
 * upload endpoint, its URL to /admin/module/upload, then the install pipeline starts.
 */
import { InboxOutlined } from '@ant-design/icons';
import { AdminController, adminUrl } from '@portico/shared';
import { Alert, notification, Result, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadModule } from '../../../api/backend/module';
import { createAxios } from '../../../api/request';
import { useUploadCheck } from '../../../components/form/upload-input';
import { t as translate } from '../../../lang';

/** How long the "about to start" result stays before the install begins. */
const START_DELAY_MS = 800;

type UploadRequestOption = Parameters<NonNullable<UploadProps['customRequest']>>[0];

export function UploadScreen({ onUploaded }: { onUploaded: (uid: string) => void }) {
  const { t } = useTranslation();
  const acceptable = useUploadCheck();
  const [uploaded, setUploaded] = useState(false);

  const send = async ({ file, onProgress, onError, onSuccess }: UploadRequestOption) => {
    const zip = file as File;
    const form = new FormData();
    form.append('file', zip);
    try {
      const { data } = await createAxios<{ file: { url: string } }>({
        url: adminUrl(AdminController.ajax, 'upload'),
        method: 'post',
        data: form,
        onUploadProgress: (event) =>
          onProgress?.({ percent: Math.round(((event.loaded ?? 0) / (event.total || zip.size)) * 100) }),
      });
      const answer = await uploadModule(data.file.url);
      onSuccess?.(answer);
      const uid = answer.data.info?.uid ?? answer.data.uid;
      if (!uid) return;
      setUploaded(true);
      setTimeout(() => onUploaded(uid), START_DELAY_MS);
    } catch (error) {
      // The request layer has shown why.
      onError?.(error as Error);
    }
  };

  if (uploaded)
    return (
      <Result status="success" title={t('module.Uploaded, installation is about to start, please wait')} />
    );
  return (
    <div data-testid="module-upload">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={
          <ul className="module-upload-tips">
            <li>{t('module.Upload tip 1')}</li>
            <li>{t('module.Upload tip 2')}</li>
            <li>{t('module.Upload tip 3')}</li>
          </ul>
        }
      />
      <Upload.Dragger
        accept=".zip"
        maxCount={1}
        beforeUpload={(file) => {
          if (!file.name.toLowerCase().endsWith('.zip')) {
            notification.error({ title: translate('module.Please upload a zip file') });
            return Upload.LIST_IGNORE;
          }
          return acceptable(file) || Upload.LIST_IGNORE;
        }}
        customRequest={(options) => void send(options)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {t('module.Drag the module package file here')} <em>{t('module.Click me to upload')}</em>
        </p>
      </Upload.Dragger>
    </div>
  );
}

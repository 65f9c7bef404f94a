/** A new second factor to scan: its otpauth:// address as a QR code, and its key for apps that cannot scan. */
import { QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Enrolment } from '../../api/backend/two-factor';

export function EnrolmentQr({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation();
  return (
    <div className="two-factor-enrolment">
      <Typography.Paragraph>{t('twoFactor.Scan this code with an authenticator app')}</Typography.Paragraph>
      <div role="img" aria-label={t('twoFactor.QR code of the new key')} className="two-factor-qr">
        {/* antd draws a canvas with role img and no name: the box around it carries the name. */}
        <div aria-hidden="true">
          <QRCode value={enrolment.uri} size={176} bordered={false} bgColor="#fff" />
        </div>
      </div>
      <Typography.Paragraph type="secondary">{t('twoFactor.Or enter this key by hand')}</Typography.Paragraph>
      <Typography.Text code copyable data-testid="two-factor-secret" className="two-factor-secret">
        {enrolment.secret}
      </Typography.Text>
    </div>
  );
}

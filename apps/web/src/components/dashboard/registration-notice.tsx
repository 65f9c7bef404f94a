/**
 * The dashboard's notice to an administrator who can change the config: the member centre
 * is open, but nobody can register, because registration needs a code sent by e-mail or
 * SMS and neither is set up. The buttons open those tabs of the config screen.
 */
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function RegistrationSetupNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (tab: 'mail' | 'sms') => void navigate(`/admin/routine/config?tab=${tab}`);
  return (
    <Alert
      data-testid="registration-setup-notice"
      type="warning"
      showIcon
      title={t('dashboard.Members cannot register yet')}
      description={
        <>
          <div>
            {t(
              'dashboard.The member centre is open, but registration needs a verification code sent by e-mail or SMS. Set up mail sending (SMTP) or an SMS provider in the system configuration.',
            )}
          </div>
          <Space wrap style={{ marginTop: 8 }}>
            <Button size="small" onClick={() => open('mail')}>
              {t('dashboard.Mail configuration')}
            </Button>
            <Button size="small" onClick={() => open('sms')}>
              {t('dashboard.SMS configuration')}
            </Button>
          </Space>
        </>
      }
    />
  );
}

/** What every member page shows while the site owner keeps the member centre switched off. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function MemberCenterDisabled() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('user.The member center has been disabled. Please contact the webmaster to turn it on.')}
      extra={
        <Button type="primary" onClick={() => location.assign('/')}>
          {t('404.Return to home page')}
        </Button>
      }
      data-testid="member-center-disabled"
    />
  );
}

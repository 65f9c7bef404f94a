/** `/401`: no permission, or an invalid file. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NoPower() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('401.noPowerTip')}
      extra={[
        <Button key="home" type="primary" onClick={() => void navigate('/')}>
          {t('404.Return to home page')}
        </Button>,
        <Button key="back" onClick={() => void navigate(-1)}>
          {t('404.Back to previous page')}
        </Button>,
      ]}
    />
  );
}

/** `/404`: says what happened and returns to the previous page by itself. */
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const RETURN_AFTER_MS = 5000;

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    // Only when there is somewhere to return to within this site.
    if (window.history.length <= 1) return;
    const timer = setTimeout(() => void navigate(-1), RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <div>{t('404.problems tip')}</div>
          <div>{t('404.We will automatically return to the previous page when we are finished')}</div>
        </>
      }
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

/**
 * What a menu page shows when its rule names a page this version does not have (a module not
 * installed, a page of the original product's that Portico lacks): a clear screen, not a blank one.
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageUnavailable({ component }: { component: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('pageUnavailable.This page is not available')}
      subTitle={t('pageUnavailable.page unavailable tip', { component })}
    />
  );
}

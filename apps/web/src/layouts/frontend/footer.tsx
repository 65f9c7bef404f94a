/** `Copyright @ 2020~<year> <site name>` and the record number linking to the registry. */
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../stores/site-config';

export function MemberFooter() {
  const { t } = useTranslation();
  const { siteName, recordNumber } = useSiteConfig();
  return (
    <footer className="ba-frontend-footer">
      <span>
        Copyright @ 2020~{new Date().getFullYear()} {siteName} {t('user.Copyright')}
      </span>
      {recordNumber && (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
          {recordNumber}
        </a>
      )}
    </footer>
  );
}

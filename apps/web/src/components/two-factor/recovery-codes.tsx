/**
 * The recovery codes of a second factor just set up, shown this once: each signs in once
 * when the phone is lost. Copy them all, then say they are kept.
 */
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div className="two-factor-recovery" data-testid="two-factor-recovery">
      <Alert
        type="warning"
        showIcon
        message={t('twoFactor.Save your recovery codes')}
        description={t('twoFactor.Each code signs you in once if you lose your phone')}
      />
      <ul className="two-factor-recovery-list" aria-label={t('twoFactor.Recovery codes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>
        {t('twoFactor.Copy all codes')}
      </Typography.Paragraph>
      <Button type="primary" block onClick={onDone}>
        {t('twoFactor.I have saved them')}
      </Button>
    </div>
  );
}

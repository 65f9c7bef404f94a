/** "Understand and agree 《Module purchase and use agreement》": install and payment wait for it. */
import { Checkbox, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function Agreement({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="market-agreement">
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="market-agreement">
        {t('module.Understand and agree')}
      </Checkbox>
      <Popover
        trigger="click"
        title={t('module.Module purchase and use agreement')}
        content={
          <Typography.Paragraph style={{ maxWidth: 'min(360px, 80vw)', margin: 0 }}>
            {t('module.Agreement text')}
          </Typography.Paragraph>
        }
      >
        <Typography.Link>《{t('module.Module purchase and use agreement')}》</Typography.Link>
      </Popover>
    </div>
  );
}

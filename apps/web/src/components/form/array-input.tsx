/** The `array` input: rows of key and value with a delete button each, and Add. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface Pair {
  key: string;
  value: string;
}

export function ArrayInput({
  value = [],
  onChange,
  keyTitle = 'utils.ArrayKey',
  valueTitle = 'utils.ArrayValue',
}: {
  value?: Pair[];
  onChange?(value: Pair[]): void;
  keyTitle?: string;
  valueTitle?: string;
}) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? value : [];
  const update = (index: number, part: Partial<Pair>) =>
    onChange?.(rows.map((row, i) => (i === index ? { ...row, ...part } : row)));
  return (
    <div className="ba-array-input">
      <div className="ba-array-row ba-array-head">
        <span>{t(keyTitle)}</span>
        <span>{t(valueTitle)}</span>
        <span />
      </div>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
        <div className="ba-array-row" key={index}>
          <Input
            value={row.key}
            onChange={(e) => update(index, { key: e.target.value })}
            aria-label={`${t(keyTitle)} ${index + 1}`}
          />
          <Input
            value={row.value}
            onChange={(e) => update(index, { value: e.target.value })}
            aria-label={`${t(valueTitle)} ${index + 1}`}
          />
          <Button
            shape="circle"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(rows.filter((_, i) => i !== index))}
            aria-label={t('Delete')}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...rows, { key: '', value: '' }])}
      >
        {t('Add')}
      </Button>
    </div>
  );
}

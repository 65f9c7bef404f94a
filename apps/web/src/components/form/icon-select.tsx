/** Picks an icon name from the bundled set (the original's "Icon selector"). */
import { ReloadOutlined } from '@ant-design/icons';
import { Input, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICONS, Icon } from '../icon';

const DEFAULT_ICON = 'fa fa-circle-o';

export function IconSelect({ value, onChange }: { value?: string; onChange?(value: string): void }) {
  const { t } = useTranslation();
  const [initial] = useState(value ?? DEFAULT_ICON);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  const names = Object.keys(ICONS).filter((name) => name.includes(filter.trim()));

  const choices = (
    <div className="ba-icon-choices">
      <Input
        size="small"
        allowClear
        placeholder={t('Search')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="ba-icon-grid">
        {names.map((name) => (
          <button
            type="button"
            key={name}
            title={name}
            className={name === value ? 'is-active' : undefined}
            onClick={() => {
              onChange?.(name);
              setOpen(false);
            }}
          >
            <Icon name={name} size={18} />
          </button>
        ))}
      </div>
    </div>
  );

  return (
    <Popover
      content={choices}
      title={t('Please select an icon')}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
    >
      <Input
        readOnly
        value={value ?? ''}
        prefix={<Icon name={value || DEFAULT_ICON} />}
        suffix={<ReloadOutlined onClick={() => onChange?.(initial)} aria-label={t('Reset')} />}
      />
    </Popover>
  );
}

/** Cell renderers of the original's tables: tag, tags, image, datetime, icon, switch, color, url; and city. */
import { LinkOutlined } from '@ant-design/icons';
import { Button, Image, Input, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeFormat, zoneLabel } from '../../utils/time';
import { Icon } from '../icon';
import { CityCell } from './city-cell';
import { valueAt } from './filter';
import type { Column, Row } from './types';

const STATUS_COLOURS: Record<string, string> = { '0': 'error', '1': 'success' };

interface CellProps<R extends Row> {
  column: Column<R>;
  row: R;
  onSwitch?: (row: R, prop: string, value: string) => Promise<void>;
}

export function Cell<R extends Row>(props: CellProps<R>) {
  if (!props.column.overflowTooltip) return <CellContent {...props} />;
  const value = valueAt(props.row, props.column.prop);
  return (
    <span className="ba-cell-clip" title={value === null || value === undefined ? undefined : String(value)}>
      <CellContent {...props} />
    </span>
  );
}

function CellContent<R extends Row>({ column, row, onSwitch }: CellProps<R>) {
  const { t } = useTranslation();
  const value = valueAt(row, column.prop);
  const label = (v: unknown) => {
    const key = column.replaceValue?.[String(v)];
    return key ? t(key) : String(v);
  };
  if (typeof column.render === 'function') return <>{column.render(row)}</>;
  switch (column.render) {
    case 'tag':
      if (value === '' || value === null || value === undefined) return null;
      return (
        <Tag color={column.custom?.[String(value)] ?? STATUS_COLOURS[String(value)] ?? 'processing'}>
          {label(value)}
        </Tag>
      );
    case 'tags':
      return (
        <span className="ba-cell-tags">
          {(Array.isArray(value) ? value : value ? [value] : []).map((item) => (
            <Tag key={String(item)} color={column.custom?.[String(item)]}>
              {label(item)}
            </Tag>
          ))}
        </span>
      );
    case 'image':
      return value ? (
        // The column's title names the picture (its alt) and its preview button.
        <Image
          alt={t(column.label)}
          src={String(value)}
          width={40}
          height={40}
          style={{ objectFit: 'cover' }}
        />
      ) : null;
    case 'datetime':
      return value ? <DateTime text={timeFormat(value as number)} /> : <>-</>;
    case 'icon':
      return <Icon name={String(value || 'fa fa-circle-o')} />;
    case 'switch':
      return (
        <SwitchCell
          row={row}
          prop={column.prop}
          label={t(column.label)}
          value={String(value)}
          onSwitch={onSwitch}
        />
      );
    case 'city':
      return <CityCell value={value} />;
    case 'color':
      return value ? <span className="ba-color-swatch" style={{ background: String(value) }} /> : null;
    case 'url':
      return value ? (
        <Input
          size="small"
          readOnly
          value={String(value)}
          aria-label={t(column.label)}
          suffix={
            <Button
              size="small"
              type="text"
              icon={<LinkOutlined />}
              href={String(value)}
              target="_blank"
              aria-label={t('Open')}
            />
          }
        />
      ) : null;
    default:
      return value === null || value === undefined ? null : (
        <span className="ba-cell-words">{label(value)}</span>
      );
  }
}

/** Date and time each stay whole (no break at a hyphen); a narrow column puts them on two lines. */
/** A time, with the site's zone it is shown in as its tooltip. */
function DateTime({ text }: { text: string }) {
  const [date, ...time] = text.split(' ');
  return (
    <span title={zoneLabel()} data-testid="list-time">
      <span className="ba-nowrap">{date}</span>
      {time.length > 0 && (
        <>
          {' '}
          <span className="ba-nowrap">{time.join(' ')}</span>
        </>
      )}
    </span>
  );
}

/** Saves at once; the cell shows the new value only after the server accepted it. */
function SwitchCell<R extends Row>({
  row,
  prop,
  label,
  value,
  onSwitch,
}: {
  row: R;
  prop: string;
  /** The column's title: the switch's name for screen readers. */
  label: string;
  value: string;
  onSwitch?: (row: R, prop: string, value: string) => Promise<void>;
}) {
  const [saving, setSaving] = useState(false);
  const toggle = async (on: boolean) => {
    if (!onSwitch) return;
    setSaving(true);
    try {
      await onSwitch(row, prop, on ? '1' : '0');
    } catch {
      // The request layer has shown why; the switch keeps its old position.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      size="small"
      aria-label={label}
      checked={value === '1'}
      loading={saving}
      onChange={(on) => void toggle(on)}
    />
  );
}

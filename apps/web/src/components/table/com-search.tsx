/**
 * The common-search panel (as in the original): a widget per column chosen by its operator
 * and renderer. Search applies the filled widgets; Reset clears them and searches.
 */
import { Button, Checkbox, Col, DatePicker, Row as GridRow, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickedToSeconds, secondsToPicked } from '../../utils/site-dayjs';
import { zoneLabel } from '../../utils/time';
import { operatorOf, type SearchItem, searchable } from './filter';
import type { Column, Row } from './types';

type Value = string | string[] | [Dayjs | null, Dayjs | null] | boolean | undefined;

export function ComSearch<R extends Row>({
  columns,
  initial,
  onSearch,
}: {
  columns: Column<R>[];
  initial: SearchItem[];
  onSearch(items: SearchItem[]): void;
}) {
  const { t } = useTranslation();
  const fields = columns.filter(searchable);
  const [values, setValues] = useState<Record<string, Value>>(() => fromItems(fields, initial));
  const set = (prop: string, value: Value) => setValues((v) => ({ ...v, [prop]: value }));

  const search = (from = values) => onSearch(toItems(fields, from));
  const reset = () => {
    setValues({});
    search({});
  };
  return (
    <form
      className="ba-com-search"
      onSubmit={(event) => {
        // Enter in any field searches.
        event.preventDefault();
        search();
      }}
    >
      <GridRow gutter={[16, 12]}>
        {fields.map((column) => {
          const operator = operatorOf(column);
          const wide = column.render === 'datetime' && operator.endsWith('RANGE');
          return (
            <Col key={column.prop} xs={24} sm={wide ? 24 : 12} lg={wide ? 12 : 6}>
              <div className="ba-com-search-item">
                <span className="ba-com-search-label">{t(column.label)}</span>
                <span className="ba-com-search-input">
                  <Widget column={column} value={values[column.prop]} onChange={(v) => set(column.prop, v)} />
                </span>
              </div>
            </Col>
          );
        })}
        <Col xs={24} sm={12} lg={6}>
          <Button type="primary" htmlType="submit">
            {t('Search')}
          </Button>
          <Button style={{ marginLeft: 8 }} onClick={reset}>
            {t('Reset')}
          </Button>
        </Col>
      </GridRow>
    </form>
  );
}

function Widget<R extends Row>({
  column,
  value,
  onChange,
}: {
  column: Column<R>;
  value: Value;
  onChange(value: Value): void;
}) {
  const { t } = useTranslation();
  const operator = operatorOf(column);
  if (operator === 'NULL' || operator === 'NOT NULL') {
    return (
      <Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked)}>
        {operator}
      </Checkbox>
    );
  }
  if (column.render === 'datetime' && operator.endsWith('RANGE')) {
    const date = column.comSearchRender === 'date';
    return (
      <DatePicker.RangePicker
        showTime={!date}
        style={{ width: '100%' }}
        value={Array.isArray(value) && value.length === 2 ? (value as [Dayjs, Dayjs]) : null}
        onChange={(range) => onChange(range ? [range[0], range[1]] : undefined)}
        separator={t('To')}
        renderExtraFooter={() => (
          <Typography.Text type="secondary">{t('Times in {zone}', { zone: zoneLabel() })}</Typography.Text>
        )}
      />
    );
  }
  if (operator.endsWith('RANGE')) {
    const [from = '', to = ''] = Array.isArray(value) ? (value as string[]) : [];
    return (
      <span className="ba-range-inputs">
        <Input value={from} onChange={(e) => onChange([e.target.value, to])} />
        <span>{t('To')}</span>
        <Input value={to} onChange={(e) => onChange([from, e.target.value])} />
      </span>
    );
  }
  const choices =
    column.render === 'switch' && !column.replaceValue ? { '1': 'Open', '0': 'Close' } : column.replaceValue;
  if (
    choices &&
    (column.render === 'tag' ||
      column.render === 'tags' ||
      column.render === 'switch' ||
      column.comSearchRender === 'select')
  ) {
    return (
      <Select
        allowClear
        style={{ width: '100%' }}
        mode={operator === 'IN' || operator === 'NOT IN' ? 'multiple' : undefined}
        value={value as string | string[] | undefined}
        onChange={(v) => onChange(v)}
        options={Object.entries(choices).map(([key, label]) => ({ value: key, label: t(label) }))}
        placeholder={t('Please select field', { field: t(column.label) })}
      />
    );
  }
  return (
    <Input
      allowClear
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('Please input field', { field: t(column.label) })}
    />
  );
}

/** The filled widgets as search items; empty widgets are left out. */
export function toItems<R extends Row>(columns: Column<R>[], values: Record<string, Value>): SearchItem[] {
  const items: SearchItem[] = [];
  for (const column of columns) {
    const value = values[column.prop];
    const operator = operatorOf(column);
    const item: SearchItem = { field: column.searchField ?? column.prop, operator, val: '' };
    if (column.render === 'datetime') item.render = 'datetime';
    if (operator === 'NULL' || operator === 'NOT NULL') {
      if (value !== true) continue;
    } else if (Array.isArray(value)) {
      // Dates leave as unix seconds of the picked time on the site's clocks.
      const parts = value.map((part) =>
        dayjs.isDayjs(part) ? String(pickedToSeconds(part)) : String(part ?? ''),
      );
      if (parts.every((part) => part === '')) continue;
      item.val = parts.join(',');
    } else if (typeof value === 'string' && value !== '') {
      item.val = value;
    } else {
      continue;
    }
    items.push(item);
  }
  return items;
}

function fromItems<R extends Row>(columns: Column<R>[], items: SearchItem[]): Record<string, Value> {
  const values: Record<string, Value> = {};
  for (const item of items) {
    const column = columns.find((c) => (c.searchField ?? c.prop) === item.field);
    if (!column) continue;
    const operator = operatorOf(column);
    if (operator.endsWith('RANGE')) {
      const parts = item.val.split(',');
      values[column.prop] = column.render === 'datetime' ? [toDay(parts[0]), toDay(parts[1])] : parts;
    } else if (operator === 'IN' || operator === 'NOT IN') {
      values[column.prop] = item.val.split(',');
    } else {
      values[column.prop] = item.val;
    }
  }
  return values;
}

/** A date from the URL: unix seconds or a date-time text, both on the site's clocks. */
function toDay(text: string | undefined): Dayjs | null {
  if (!text) return null;
  const day = /^\d+$/.test(text) ? secondsToPicked(Number(text)) : dayjs(text);
  return day.isValid() ? day : null;
}

/**
 * The right pane: the selected field's properties — design type, comment (the dictionary),
 * name, column type, length, decimals, default, the column switches, then its list column
 * (render, search operator, sortable, width) and its form input (validators and message).
 */
import { RULES_BY_NAME } from '@portico/shared';
import {
  COLUMN_TYPES,
  type CrudField,
  DEFAULT_TYPES,
  DESIGN_OPERATORS,
  DESIGN_TYPES,
  type DesignType,
  FIELD_DEFAULTS,
  FIELD_PALETTE,
  TABLE_RENDERS,
} from '@portico/shared/crud-design';
import { AutoComplete, Card, Divider, Empty, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** The core's form rules, plus the two the original's designs name (dates, the editor's content). */
const VALIDATORS = ['required', ...Object.keys(RULES_BY_NAME), 'date', 'editorRequired'];

/**
 * A design type is shown by the palette item that adds it, else by its own name. Where several
 * items add one type (Update time, Create time and Timestamp are all `timestamp`), the item named
 * after the type wins: a create_time field is not shown as "Update time".
 */
const PALETTE_KEY_OF = new Map<string, string>();
for (const item of FIELD_PALETTE) {
  const { designType, name } = item.field;
  if (!PALETTE_KEY_OF.has(designType) || name === designType) PALETTE_KEY_OF.set(designType, item.key);
}

const DEFAULT_TYPE_TITLES: Record<string, string> = {
  INPUT: 'crud.crud.Manual input',
  'EMPTY STRING': 'crud.crud.Empty string',
  NULL: 'NULL',
  NONE: 'crud.crud.No default',
};

export interface PropertiesProps {
  field: CrudField | null;
  onRename: (name: string) => void;
  onChange: (patch: Partial<Omit<CrudField, 'name'>>) => void;
}

export function Properties({ field, onRename, onChange }: PropertiesProps) {
  const { t } = useTranslation();
  if (!field)
    return (
      <Card size="small" data-testid="crud-properties">
        <Empty description={t('crud.crud.Please select a field from the left first')} />
      </Card>
    );
  const typeTitle = (type: string) => {
    const key = PALETTE_KEY_OF.get(type);
    return key ? `${t(`crud.palette.${key}`)} (${type})` : type;
  };
  const switches = [
    ['primaryKey', 'crud.crud.Primary key'],
    ['autoIncrement', 'crud.crud.Auto increment'],
    ['unsigned', 'crud.crud.Unsigned'],
    ['null', 'crud.crud.Allow NULL'],
  ] as const;

  return (
    <Card size="small" data-testid="crud-properties" title={t('crud.crud.Field Properties')}>
      <Form layout="vertical" size="small">
        <Form.Item label={t('crud.crud.Generate type')}>
          <Select
            aria-label={t('crud.crud.Generate type')}
            value={field.designType}
            showSearch
            options={DESIGN_TYPES.map((type) => ({ value: type, label: typeTitle(type) }))}
            // A new kind starts from its own list and form defaults, as the original offers.
            onChange={(designType: DesignType) =>
              onChange({
                designType,
                table: { ...FIELD_DEFAULTS[designType].table },
                form: { ...FIELD_DEFAULTS[designType].form },
              })
            }
          />
        </Form.Item>
        <Form.Item
          label={t('crud.crud.Field comments (CRUD dictionary)')}
          help={t('crud.crud.Dictionary help')}
        >
          <Input
            aria-label={t('crud.crud.Field comments (CRUD dictionary)')}
            value={field.comment}
            onChange={(e) => onChange({ comment: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.Field Name')}>
          <Input
            aria-label={t('crud.crud.Field Name')}
            value={field.name}
            onChange={(e) => onRename(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.Field Type')}>
          <AutoComplete
            aria-label={t('crud.crud.Field Type')}
            value={field.type}
            options={COLUMN_TYPES.map((type) => ({ value: type }))}
            onChange={(type: string) => onChange({ type })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.length')}>
          <InputNumber
            aria-label={t('crud.crud.length')}
            min={0}
            value={field.length}
            onChange={(length) => onChange({ length: Number(length ?? 0) })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.decimal point')}>
          <InputNumber
            aria-label={t('crud.crud.decimal point')}
            min={0}
            value={field.precision}
            onChange={(precision) => onChange({ precision: Number(precision ?? 0) })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.Field Defaults')}>
          <Input
            aria-label={t('crud.crud.Field Defaults')}
            placeholder={t('crud.crud.Please input the default value')}
            value={field.default ?? ''}
            disabled={field.defaultType !== 'INPUT'}
            onChange={(e) => onChange({ default: e.target.value })}
            addonAfter={
              <Select
                aria-label={t('crud.crud.Default type')}
                value={field.defaultType}
                popupMatchSelectWidth={false}
                options={DEFAULT_TYPES.map((type) => ({
                  value: type,
                  label: t(DEFAULT_TYPE_TITLES[type] ?? type),
                }))}
                onChange={(defaultType) => onChange({ defaultType })}
              />
            }
          />
        </Form.Item>
        {switches.map(([key, title]) => (
          <Form.Item key={key} label={t(title)}>
            <Switch
              aria-label={t(title)}
              checked={field[key]}
              onChange={(checked) => onChange({ [key]: checked })}
            />
          </Form.Item>
        ))}
        <Divider plain>{t('crud.crud.Field Table Properties')}</Divider>
        <Form.Item label={t('crud.crud.render')}>
          <Select
            aria-label={t('crud.crud.render')}
            value={field.table.render ?? 'none'}
            options={TABLE_RENDERS.map((render) => ({ value: render, label: render }))}
            onChange={(render) => onChange({ table: { ...field.table, render } })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.operator')}>
          <Select
            aria-label={t('crud.crud.operator')}
            value={field.table.operator ?? 'false'}
            options={DESIGN_OPERATORS.map((operator) => ({
              value: operator,
              label: operator === 'false' ? t('crud.crud.Disable Search') : operator,
            }))}
            onChange={(operator) => onChange({ table: { ...field.table, operator } })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.sortable')}>
          <Select
            aria-label={t('crud.crud.sortable')}
            value={field.table.sortable ?? 'false'}
            options={[
              { value: 'false', label: t('Disable') },
              { value: 'custom', label: t('Enable') },
            ]}
            onChange={(sortable) => onChange({ table: { ...field.table, sortable } })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.width')}>
          <InputNumber
            aria-label={t('crud.crud.width')}
            min={0}
            value={field.table.width ?? null}
            onChange={(width) => onChange({ table: { ...field.table, width: width ?? undefined } })}
          />
        </Form.Item>
        <Divider plain>{t('crud.crud.Field Form Properties')}</Divider>
        <Form.Item label={t('crud.crud.validator')}>
          <Select
            aria-label={t('crud.crud.validator')}
            mode="multiple"
            value={field.form.validator ?? []}
            options={VALIDATORS.map((name) => ({ value: name, label: name }))}
            onChange={(validator: string[]) => onChange({ form: { ...field.form, validator } })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.validatorMsg')}>
          <Input
            aria-label={t('crud.crud.validatorMsg')}
            value={field.form.validatorMsg ?? ''}
            onChange={(e) => onChange({ form: { ...field.form, validatorMsg: e.target.value } })}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * One value for every row, for required fields no column of the file fills: the group of a
 * file of members that names none, or a first password they all share. A field whose values
 * have names (groups) is chosen from them; any other is typed.
 */
import type { ImportField, ImportValues } from '@portico/shared';
import { Input, Select } from 'antd';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function SharedValues({
  fields,
  values,
  onChange,
  label,
}: {
  /** The required fields no column fills. */
  fields: ImportField[];
  values: ImportValues;
  onChange(field: string, value: string): void;
  label(name: string): string;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <fieldset className="ba-import-values" data-testid="import-values">
      <legend>{t('listTransfer.Same value for every row')}</legend>
      {fields.map((field) => {
        const value = values[field.name] ?? '';
        const shared = {
          className: 'ba-import-value-input',
          'aria-label': t('listTransfer.{field} for every row', { field: label(field.name) }),
          'data-testid': `import-value-${field.name}`,
        };
        const typed = {
          ...shared,
          value,
          onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field.name, event.target.value),
        };
        return (
          <div className="ba-import-value" key={field.name}>
            <span className="ba-import-value-label" aria-hidden>
              {label(field.name)}
            </span>
            {field.choices ? (
              <Select
                {...shared}
                showSearch={{ optionFilterProp: 'label' }}
                value={value || undefined}
                placeholder={t('Please select field', { field: label(field.name) })}
                options={field.choices}
                onChange={(chosen: string) => onChange(field.name, chosen)}
              />
            ) : field.name.includes('password') ? (
              <Input.Password {...typed} autoComplete="new-password" />
            ) : (
              <Input {...typed} />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

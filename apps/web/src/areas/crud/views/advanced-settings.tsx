/** "Advanced settings": the list's quick-search fields and default sort, the fields shown as columns and as form inputs. */
import type { CrudField, CrudTable } from '@portico/shared/crud-design';
import { Collapse, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function AdvancedSettings({
  table,
  fields,
  onChange,
}: {
  table: CrudTable;
  fields: CrudField[];
  onChange: (patch: Partial<CrudTable>) => void;
}) {
  const { t } = useTranslation();
  const names = [...new Set(fields.map((f) => f.name))].map((name) => ({ value: name, label: name }));
  const multi = (key: 'quickSearchField' | 'columnFields' | 'formFields', title: string) => (
    <Form.Item label={t(title)}>
      <Select
        aria-label={t(title)}
        mode="multiple"
        value={table[key]}
        options={names}
        onChange={(value: string[]) => onChange({ [key]: value })}
      />
    </Form.Item>
  );
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'advanced',
          label: t('crud.crud.Advanced Configuration'),
          // The default size: a small multiple select's field tags are too short for an
          // underscore, and 'on_sale' read 'on sale'.
          children: (
            <Form layout="vertical">
              {multi('quickSearchField', 'crud.crud.Table Quick Search Fields')}
              <Form.Item label={t('crud.crud.Table Default Sort Fields')}>
                {/* In a form item every select is 100% wide: the order keeps its own width, the
                    field takes the rest (it was squeezed to a few pixels). */}
                <Space.Compact style={{ width: '100%' }}>
                  <Select
                    aria-label={t('crud.crud.Table Default Sort Fields')}
                    allowClear
                    showSearch
                    style={{ flex: 1, minWidth: 0 }}
                    value={table.defaultSortField || undefined}
                    options={names}
                    onChange={(value?: string) => onChange({ defaultSortField: value ?? '' })}
                  />
                  <Select
                    aria-label={t('crud.crud.sort order')}
                    style={{ width: 'auto', flex: 'none' }}
                    popupMatchSelectWidth={false}
                    value={table.defaultSortType}
                    options={[
                      { value: 'desc', label: t('crud.crud.sort order desc') },
                      { value: 'asc', label: t('crud.crud.sort order asc') },
                    ]}
                    onChange={(defaultSortType) => onChange({ defaultSortType })}
                  />
                </Space.Compact>
              </Form.Item>
              {multi('columnFields', 'crud.crud.Fields as Table Columns')}
              {multi('formFields', 'crud.crud.Fields as form items')}
            </Form>
          ),
        },
      ]}
    />
  );
}

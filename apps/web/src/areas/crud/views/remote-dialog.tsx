/**
 * A remote select's association: the table it picks from, the value and label fields, and the
 * associated fields shown as list columns. Tables come from the core's table list, fields from
 * the chosen table's field list.
 */
import type { CrudFieldForm } from '@portico/shared/crud-design';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { databaseTables, tableFieldNames } from '../api';

interface Association {
  table: string;
  pk: string;
  label: string;
  shown: string[];
}

const options = (names: string[]) => names.map((name) => ({ value: name, label: name }));

export function RemoteDialog({
  form,
  onSave,
  onClose,
}: {
  form: CrudFieldForm;
  onSave: (form: CrudFieldForm) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tables, setTables] = useState<string[]>([]);
  const [fields, setFields] = useState<string[]>([]);
  const [value, setValue] = useState<Association>({
    table: form['remote-table'] ?? '',
    pk: form['remote-pk'] ?? 'id',
    label: form['remote-field'] ?? 'name',
    shown: (form['relation-fields'] ?? '').split(',').filter(Boolean),
  });

  useEffect(() => {
    databaseTables().then(
      (list) => setTables(list.map((row) => row.table)),
      () => {},
    );
  }, []);
  useEffect(() => {
    if (value.table) tableFieldNames(value.table).then(setFields, () => setFields([]));
  }, [value.table]);

  const save = () => {
    onSave({
      ...form,
      'remote-table': value.table,
      'remote-pk': value.pk,
      'remote-field': value.label,
      'relation-fields': value.shown.join(','),
    });
    onClose();
  };

  return (
    <Modal
      open
      title={t('crud.crud.Remote drop-down association information')}
      onOk={save}
      okButtonProps={{ disabled: !value.table || !value.pk || !value.label }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('crud.crud.Associated Data Table')} required>
          <Select
            aria-label={t('crud.crud.Associated Data Table')}
            showSearch
            value={value.table || undefined}
            options={options(tables)}
            onChange={(table: string) => setValue({ table, pk: 'id', label: '', shown: [] })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.Drop down value field')} required>
          <Select
            aria-label={t('crud.crud.Drop down value field')}
            showSearch
            value={value.pk || undefined}
            options={options(fields)}
            placeholder={t('crud.crud.Please select the value field of the select component')}
            onChange={(pk: string) => setValue({ ...value, pk })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.Drop down label field')} required>
          <Select
            aria-label={t('crud.crud.Drop down label field')}
            showSearch
            value={value.label || undefined}
            options={options(fields)}
            placeholder={t('crud.crud.Please select the label field of the select component')}
            onChange={(label: string) => setValue({ ...value, label })}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.Fields displayed in the table')}>
          <Select
            aria-label={t('crud.crud.Fields displayed in the table')}
            mode="multiple"
            value={value.shown}
            options={options(fields)}
            placeholder={t('crud.crud.Please select the fields displayed in the table')}
            onChange={(shown: string[]) => setValue({ ...value, shown })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

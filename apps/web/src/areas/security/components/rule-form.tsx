/**
 * The add/edit form of data-recycle and sensitive-data rules (as in the original):
 * a controller from the server's list of monitorable resources (choosing one fills in its
 * table), a data table of this application, its primary key filled in from the table, and
 * for sensitive rules the monitored fields with a label each. Portico has one database
 * connection, so the form has no connection choice.
 */
import { AdminController, adminUrl } from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import type { FormProps } from '@portico/web-sdk/list';
import { createAxios } from '@portico/web-sdk/request';
import { Divider, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './security.css';

interface ControllerOption {
  value: string;
  label: string;
  table: string;
}
interface FieldLabel {
  name: string;
  value: string;
}

const STATUS = { '0': 'Disable', '1': 'Enable' };

function useTables() {
  const [tables, setTables] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    createAxios<{ list: { table: string; comment: string }[] }>({
      url: adminUrl(AdminController.ajax, 'getTableList'),
      method: 'get',
    })
      .then((res) =>
        setTables(res.data.list.map((row) => ({ value: row.table, label: `${row.table} (${row.comment})` }))),
      )
      .catch(() => undefined);
  }, []);
  return tables;
}

function useColumns(table: string | undefined) {
  const [columns, setColumns] = useState<string[]>([]);
  useEffect(() => {
    if (!table) {
      setColumns([]);
      return;
    }
    createAxios<{ fieldList: Record<string, string> }>({
      url: adminUrl(AdminController.ajax, 'getTableFieldList'),
      method: 'get',
      params: { table },
    })
      .then((res) => setColumns(Object.keys(res.data.fieldList)))
      .catch(() => setColumns([]));
  }, [table]);
  return columns;
}

/** Chosen fields and their labels; a field removed drops its label, kept ones keep theirs. */
function FieldLabels({
  columns,
  value = [],
  onChange,
}: {
  columns: string[];
  value?: FieldLabel[];
  onChange?(next: FieldLabel[]): void;
}) {
  const { t } = useTranslation();
  const labels = new Map(value.map((field) => [field.name, field.value]));
  return (
    <>
      <Select
        mode="multiple"
        value={value.map((field) => field.name)}
        options={columns.map((column) => ({ value: column, label: column }))}
        placeholder={t('Please select field', { field: t('security.Sensitive fields') })}
        onChange={(names: string[]) =>
          onChange?.(names.map((name) => ({ name, value: labels.get(name) ?? name })))
        }
      />
      {value.map((field) => (
        <Input
          key={field.name}
          className="ba-security-label"
          addonBefore={field.name}
          value={field.value}
          maxLength={50}
          title={t('security.Field label tip')}
          placeholder={t('security.Field label tip')}
          onChange={(event) =>
            onChange?.(value.map((f) => (f.name === field.name ? { ...f, value: event.target.value } : f)))
          }
        />
      ))}
    </>
  );
}

export function securityRuleForm(kind: 'recycle' | 'sensitive') {
  return function SecurityRuleForm({ extra }: FormProps) {
    const { t } = useTranslation();
    const form = Form.useFormInstance();
    // The list's index answers the monitorable controllers along with the rules.
    const controllers = (extra.controllers ?? []) as ControllerOption[];
    const tables = useTables();
    const table: string | undefined = Form.useWatch('data_table', form);
    const columns = useColumns(kind === 'sensitive' ? table : undefined);

    const chooseTable = (next: string) => {
      form.setFieldsValue({ data_table: next, fields: [] });
      createAxios<{ pk: string }>({
        url: adminUrl(AdminController.ajax, 'getTablePk'),
        method: 'get',
        params: { table: next },
      })
        .then((res) => form.setFieldValue('primary_key', res.data.pk))
        .catch(() => undefined);
    };

    return (
      <>
        <FormItem type="string" name="name" label="security.Rule name" rules={['required']} />
        <Form.Item
          name="controller"
          label={t('security.Controller')}
          rules={[{ required: true, message: t('Please select field', { field: t('security.Controller') }) }]}
        >
          <Select
            showSearch
            options={controllers}
            optionFilterProp="label"
            placeholder={t('Please select field', { field: t('security.Controller') })}
            onChange={(value: string) => {
              const option = controllers.find((c) => c.value === value);
              if (option && option.table !== form.getFieldValue('data_table')) chooseTable(option.table);
            }}
          />
        </Form.Item>
        <Form.Item
          name="data_table"
          label={t('security.Data table')}
          rules={[{ required: true, message: t('Please select field', { field: t('security.Data table') }) }]}
        >
          <Select
            showSearch
            options={tables}
            optionFilterProp="label"
            placeholder={t('Please select field', { field: t('security.Data table') })}
            onChange={chooseTable}
          />
        </Form.Item>
        <FormItem type="string" name="primary_key" label="security.Primary key" rules={['required']} />
        {kind === 'sensitive' && (
          <>
            <Divider />
            <Form.Item
              name="fields"
              label={t('security.Sensitive fields')}
              rules={[
                {
                  required: true,
                  type: 'array',
                  min: 1,
                  message: t('Please select field', { field: t('security.Sensitive fields') }),
                },
              ]}
              extra={table ? undefined : t('security.Choose a table first')}
            >
              <FieldLabels columns={columns} />
            </Form.Item>
            <Divider />
          </>
        )}
        <FormItem type="radio" name="status" label="State" content={STATUS} />
      </>
    );
  };
}

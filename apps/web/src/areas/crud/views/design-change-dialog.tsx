/**
 * "Table design change": the changes this design makes to the existing table, each with a
 * checkbox (unticked, it changes the code only: the table was altered by hand), and whether to
 * drop and rebuild the table instead.
 */
import type { CrudTable, TableDesignChange } from '@portico/shared/crud-design';
import { Alert, Checkbox, Empty, Form, Modal, Radio, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export function changeText(change: TableDesignChange, t: TFunction): string {
  switch (change.type) {
    case 'add-field':
      return `${t('crud.crud.Add field')} ${change.newName}`;
    case 'change-field-attr':
      return `${t('crud.crud.Modify field properties')} ${change.oldName}`;
    case 'change-field-name':
      return `${t('crud.crud.Modify field name')} ${change.oldName} → ${change.newName}`;
    case 'del-field':
      return `${t('crud.crud.Delete field')} ${change.oldName}`;
    default: {
      const after = change.after === 'FIRST FIELD' ? t('crud.crud.First field') : change.after;
      return `${t('crud.crud.Modify field order')} ${change.oldName} ${t('crud.crud.After')} ${after}`;
    }
  }
}

export function DesignChangeDialog({
  table,
  onChange,
  onClose,
}: {
  table: CrudTable;
  onChange: (patch: Partial<CrudTable>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toggle = (index: number, sync: boolean) =>
    onChange({ designChange: table.designChange.map((c, i) => (i === index ? { ...c, sync } : c)) });
  return (
    <Modal open title={t('crud.crud.Data table design changes preview')} footer={null} onCancel={onClose}>
      {table.designChange.length === 0 ? (
        <Empty />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {table.designChange.map((change, index) => (
            <Checkbox
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is the recorded order
              key={index}
              checked={change.sync !== false}
              onChange={(e) => toggle(index, e.target.checked)}
            >
              {changeText(change, t)}
            </Checkbox>
          ))}
          <Alert type="info" showIcon message={t('crud.crud.designChangeTips')} />
        </Space>
      )}
      <Form layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item label={t('crud.crud.tableReBuild')} help={t('crud.crud.tableReBuildBlockHelp')}>
          <Radio.Group
            value={table.rebuild}
            onChange={(e) => onChange({ rebuild: e.target.value })}
            options={[
              { value: 'Yes', label: t('crud.crud.Yes') },
              { value: 'No', label: t('crud.crud.No') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

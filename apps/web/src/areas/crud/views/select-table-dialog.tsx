/**
 * "Select a data table": the connection (Portico has one, the site's database) and the table.
 * The server refuses the core's and installed modules' tables with the reason, shown here; a
 * table with a successful record offers to start from that record instead.
 */
import type { CrudTable } from '@portico/shared/crud-design';
import type { ApiResponse } from '@portico/web-sdk/request';
import { Alert, Button, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkCrudLog,
  type DatabaseTable,
  databaseTables,
  logStart,
  parseFieldData,
  SITE_CONNECTION,
} from '../api';
import { type Design, openDesign } from '../design/model';

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'msg' in error ? String((error as ApiResponse).msg) : '';

export function SelectTableDialog({
  onStart,
  onClose,
}: {
  onStart: (design: Design) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tables, setTables] = useState<DatabaseTable[]>([]);
  const [table, setTable] = useState<string>();
  const [logId, setLogId] = useState<number | string | null>(null);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    databaseTables().then(setTables, () => {});
  }, []);

  const choose = (name: string) => {
    setTable(name);
    setLogId(null);
    // The core's and modules' tables: the reason at once, and nothing to start from.
    const refused = tables.find((row) => row.table === name)?.refused ?? '';
    setRefusal(refused);
    if (refused) return;
    checkCrudLog(name).then(
      ({ data }) => setLogId(data.id || null),
      () => {},
    );
  };
  const fromTable = async () => {
    if (!table) return;
    setBusy(true);
    try {
      const { columns, comment } = await parseFieldData(table);
      onStart(openDesign('db', { name: table, comment }, columns));
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const fromRecord = async () => {
    if (logId === null) return;
    try {
      const { data } = await logStart(logId);
      onStart(openDesign('log', data.table as CrudTable, data.fields));
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <Modal
      open
      title={t('crud.crud.Select Data Table')}
      okText={t('crud.crud.start')}
      okButtonProps={{ disabled: !table || !!refusal, loading: busy }}
      onOk={() => void fromTable()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('crud.crud.Database connection')}>
          <Select
            aria-label={t('crud.crud.Database connection')}
            value={SITE_CONNECTION}
            options={[{ value: SITE_CONNECTION, label: t('crud.crud.The site database') }]}
          />
        </Form.Item>
        <Form.Item label={t('crud.crud.data sheet')} help={t('crud.crud.data sheet help')}>
          <Select
            aria-label={t('crud.crud.data sheet')}
            showSearch
            placeholder={t('crud.crud.Please select a data table')}
            value={table}
            options={tables.map(({ table: name }) => ({ value: name, label: name }))}
            onChange={choose}
          />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="crud-table-refused" />}
      {logId !== null && (
        <Alert
          type="warning"
          showIcon
          message={t(
            'crud.crud.The selected table has already generated records You are advised to start with historical records',
          )}
          action={
            <Button size="small" onClick={() => void fromRecord()}>
              {t('crud.crud.Start with the historical record')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}

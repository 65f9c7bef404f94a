/** The import dialog's tables: the file's first rows under their field choosers, and the refused lines. */
import type { ImportMapping, ImportPreview, ImportRefusal } from '@portico/shared';
import { Alert, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Select's value for "leave this column out" (a mapping's null). */
const LEAVE_OUT = '';

interface PreviewRow {
  key: number;
  cells: string[];
}

/** The file's first rows, each column headed by its title and the field it fills. */
export function PreviewTable({
  preview,
  mapping,
  onMap,
  label,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onMap(column: number, field: string | null): void;
  label(name: string): string;
}) {
  const { t } = useTranslation();
  const columns = preview.columns.map((title, index) => {
    const taken = new Set(mapping.filter((name, i) => name !== null && i !== index));
    const options = [
      { value: LEAVE_OUT, label: t('listTransfer.Leave out') },
      ...preview.fields.map((field) => ({
        value: field.name,
        label: field.required
          ? t('listTransfer.{field} (required)', { field: label(field.name) })
          : label(field.name),
        // A field takes one column.
        disabled: taken.has(field.name),
      })),
    ];
    return {
      key: String(index),
      title: (
        <div className="ba-import-head">
          <div className="ba-import-title">{title}</div>
          <Select
            size="small"
            className="ba-import-select"
            value={mapping[index] ?? LEAVE_OUT}
            options={options}
            popupMatchSelectWidth={false}
            aria-label={t('listTransfer.Field for column {column}', { column: title })}
            onChange={(value: string) => onMap(index, value === LEAVE_OUT ? null : value)}
            data-testid={`import-map-${index}`}
          />
        </div>
      ),
      render: (_: unknown, row: PreviewRow) => row.cells[index] ?? '',
    };
  });
  return (
    <Table<PreviewRow>
      className="ba-import-preview"
      size="small"
      bordered
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={preview.rows.map((cells, key) => ({ key, cells }))}
      columns={columns}
    />
  );
}

/** What the server refused, line by line: nothing was saved. */
export function RefusalReport({ refused, label }: { refused: ImportRefusal[]; label(name: string): string }) {
  const { t } = useTranslation();
  return (
    <div className="ba-import-refused" data-testid="import-refused">
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('listTransfer.Nothing was imported')}
        description={t('listTransfer.Correct these lines in the file and import it again')}
      />
      <Table<ImportRefusal & { key: number }>
        size="small"
        dataSource={refused.map((refusal, key) => ({ ...refusal, key }))}
        pagination={refused.length > 10 ? { pageSize: 10, size: 'small' } : false}
        aria-label={t('listTransfer.Refused lines')}
        columns={[
          { key: 'line', title: t('listTransfer.Line'), dataIndex: 'line', className: 'ba-nowrap' },
          {
            key: 'field',
            title: t('listTransfer.Field'),
            className: 'ba-nowrap',
            render: (_: unknown, row) => (row.field ? label(row.field) : ''),
          },
          { key: 'message', title: t('listTransfer.Problem'), dataIndex: 'message' },
        ]}
      />
    </div>
  );
}

/**
 * Rows added from a CSV or Excel file: the administrator picks the file, sees its first rows
 * with, above each column, the field it will fill (guessed by the server from the titles,
 * changeable), and is told which required fields no column fills before anything is sent;
 * each may instead take one value for every row (import-values.tsx). The server saves every
 * row or none: a refusal lists the lines to correct.
 */
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportMapping,
  type ImportPreview,
  type ImportRefusal,
  type ImportValues,
} from '@portico/shared';
import { Alert, Button, Modal, message, Spin, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewImport, runImport } from '../../api/backend/list-transfer';
import { backendTextsIn } from '../../lang';
import { fileSize } from '../../utils/file-size';
import { fieldLabel, guessMapping, importLabels, sharedValues, unmappedRequired } from './import-fields';
import { PreviewTable, RefusalReport } from './import-tables';
import { SharedValues } from './import-values';
import type { ListSpec, Row } from './types';

const ACCEPT = ['csv', 'xlsx'];

/** The header's Import button and its dialog; `onImported` after rows were saved. */
export function ImportButton<R extends Row>({ spec, onImported }: { spec: ListSpec<R>; onImported(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="import-button">
        {t('listTransfer.Import')}
      </Button>
      {open && <ImportDialog spec={spec} onClose={() => setOpen(false)} onImported={onImported} />}
    </>
  );
}

function ImportDialog<R extends Row>({
  spec,
  onClose,
  onImported,
}: {
  spec: ListSpec<R>;
  /** Once the dialog has closed. */
  onClose(): void;
  /** After rows were saved. */
  onImported(): void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const [values, setValues] = useState<ImportValues>({});
  const [refused, setRefused] = useState<ImportRefusal[] | null>(null);
  /** What the dialog waits for: the file read, or the rows imported. */
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'zh-CN');
  const label = (name: string) => fieldLabel(spec, name, t);

  const choose = async (chosen: File) => {
    const suffix = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if (!ACCEPT.includes(suffix)) {
      void message.error(t('listTransfer.Choose a CSV or Excel (.xlsx) file'));
      return;
    }
    if (chosen.size > IMPORT_MAX_BYTES) {
      void message.error(
        t('listTransfer.The file is larger than {size}', { size: fileSize(IMPORT_MAX_BYTES, 0) }),
      );
      return;
    }
    setBusy('reading');
    setRefused(null);
    try {
      // A header may be in either language (a file exported from the other one's screen): the
      // other language's texts load beside the preview, so the preview shows with its guess.
      const [{ data }, other] = await Promise.all([
        previewImport(spec.api, chosen),
        backendTextsIn(i18n.language === 'en' ? 'zh-cn' : 'en').catch(() => t),
      ]);
      const labels = (name: string) => [label(name), fieldLabel(spec, name, other)];
      setFile(chosen);
      setPreview(data);
      setMapping(guessMapping(data.columns, data.mapping, data.fields, labels));
    } catch {
      // The request layer has said why (not a table, no header, too large).
    } finally {
      setBusy(null);
    }
  };

  const restart = () => {
    setFile(null);
    setPreview(null);
    setMapping([]);
    setValues({});
    setRefused(null);
  };

  const labels = importLabels(spec.columns, preview?.fields ?? [], t);
  // A coded field no column fills is chosen by its labels, as a group is by its names.
  const unmapped = (preview ? unmappedRequired(preview.fields, mapping) : []).map((field) =>
    field.choices || !labels[field.name] ? field : { ...field, choices: labels[field.name] },
  );
  const given = sharedValues(values, unmapped);
  const missing = unmapped.filter((field) => given[field.name] === undefined);
  const tooMany = (preview?.total ?? 0) > IMPORT_MAX_ROWS;
  const canImport = Boolean(preview) && missing.length === 0 && !tooMany && (preview?.total ?? 0) > 0;

  const submit = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const answer = await runImport(spec.api, file, { mapping, values: given, labels });
      if ('refused' in answer.data) {
        setRefused(answer.data.refused);
      } else {
        void message.success(
          t('listTransfer.Imported {count} rows', { count: number.format(answer.data.imported) }),
        );
        onImported();
        setOpen(false);
      }
    } catch {
      // Shown by the request layer; the dialog keeps the file and its mapping.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={open}
      afterClose={onClose}
      title={t('listTransfer.Import from a file')}
      width={900}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={() => setOpen(false)}
      footer={[
        <Button key="cancel" onClick={() => setOpen(false)}>
          {t('Cancel')}
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!canImport || busy !== null}
          onClick={() => void submit()}
          data-testid="import-submit"
        >
          {t('listTransfer.Import')}
        </Button>,
      ]}
    >
      <Spin
        spinning={busy !== null}
        description={t(busy === 'importing' ? 'listTransfer.Importing…' : 'listTransfer.Reading the file…')}
      >
        <div className="ba-import" data-testid="import-dialog">
          {!preview ? (
            <Upload.Dragger
              accept=".csv,.xlsx"
              multiple={false}
              showUploadList={false}
              beforeUpload={(chosen) => {
                void choose(chosen);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">
                {t('listTransfer.Click or drag a CSV or Excel (.xlsx) file here')}
              </p>
              <p className="ant-upload-hint">
                {t('listTransfer.import file hint', {
                  rows: number.format(IMPORT_MAX_ROWS),
                  size: fileSize(IMPORT_MAX_BYTES, 0),
                })}
              </p>
            </Upload.Dragger>
          ) : (
            <>
              <div className="ba-import-file">
                <span data-testid="import-file">
                  {t('listTransfer.{name}: {total} rows', {
                    name: file?.name ?? '',
                    total: number.format(preview.total),
                  })}
                </span>
                <Button onClick={restart}>{t('listTransfer.Choose another file')}</Button>
              </div>
              {missing.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  role="alert"
                  data-testid="import-missing"
                  title={t('listTransfer.Required fields with no column and no value: {fields}', {
                    fields: missing.map((field) => label(field.name)).join(t('utils.comma')),
                  })}
                />
              )}
              <SharedValues
                fields={unmapped}
                values={values}
                onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
                label={label}
              />
              {tooMany && (
                <Alert
                  type="warning"
                  showIcon
                  role="alert"
                  title={t('listTransfer.At most {max} rows can be imported at once', {
                    max: number.format(IMPORT_MAX_ROWS),
                  })}
                />
              )}
              {refused && <RefusalReport refused={refused} label={label} />}
              <PreviewTable
                preview={preview}
                mapping={mapping}
                onMap={(column, field) =>
                  setMapping((current) => current.map((name, i) => (i === column ? field : name)))
                }
                label={label}
              />
              <div className="ba-import-shown">
                {t('listTransfer.The first {shown} of {total} rows', {
                  shown: number.format(preview.rows.length),
                  total: number.format(preview.total),
                })}
              </div>
            </>
          )}
        </div>
      </Spin>
    </Modal>
  );
}

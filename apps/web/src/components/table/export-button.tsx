/**
 * The header's Export menu (CSV or Excel) and the dialog that follows the file as it streams
 * in: a bar and the count of rows received out of the rows the server said it would send,
 * Cancel to stop. The file is saved under the server's name once whole; the focus goes back
 * to the Export button when the dialog closes.
 */
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { ExportColumn, ExportFormat } from '@portico/shared';
import { Button, Dropdown, Modal, message, notification, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportProgress, exportList } from '../../api/backend/list-transfer';
import { saveFile } from '../../utils/save-file';

/** What to export, read when the administrator picks a format (the list as it is then). */
export interface ExportTarget {
  api: string;
  /** The list's index parameters without page and limit. */
  params: Record<string, unknown>;
  columns: ExportColumn[];
}

/** How long the full bar stays before the dialog closes by itself. */
const FULL_BAR_MS = 400;
const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'listTransfer.Excel (.xlsx)' };

export function ExportButton({ target }: { target: () => ExportTarget }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [job, setJob] = useState<{ id: number; format: ExportFormat; target: ExportTarget } | null>(null);
  const items = (['csv', 'xlsx'] as const).map((format) => ({ key: format, label: t(FORMAT_NAMES[format]) }));
  return (
    <>
      <Dropdown
        trigger={['click']}
        autoFocus
        menu={{
          items,
          'aria-label': t('listTransfer.Export the list as'),
          onClick: ({ key, domEvent }) => {
            // Chosen with Enter, the key's default action would otherwise land on the dialog's
            // close button, focused by then, and cancel the export at once.
            domEvent.preventDefault();
            setJob((last) => ({ id: (last?.id ?? 0) + 1, format: key as ExportFormat, target: target() }));
          },
        }}
      >
        <Button ref={button} icon={<DownloadOutlined />} aria-haspopup="menu" data-testid="export-button">
          {t('listTransfer.Export')}
          <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {job && (
        <ExportDialog
          key={job.id}
          format={job.format}
          target={job.target}
          onClose={() => {
            setJob(null);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}

function ExportDialog({
  format,
  target,
  onClose,
}: {
  format: ExportFormat;
  target: ExportTarget;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(true);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [done, setDone] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    // The count may move thousands of times a second: the dialog follows it once a frame.
    let latest: ExportProgress | null = null;
    let frame = 0;
    const onProgress = (next: ExportProgress) => {
      latest = next;
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        setProgress(latest);
      });
    };
    const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'zh-CN');
    exportList(target.api, target.params, format, target.columns, onProgress, abort.signal)
      .then((file) => {
        // The last count (its frame may not have come yet), shown a moment before the dialog
        // closes: a closing dialog no longer redraws its content.
        cancelAnimationFrame(frame);
        frame = 0;
        setProgress(latest);
        setDone(true);
        saveFile(file.blob, file.filename);
        void message.success(
          t('listTransfer.Saved {rows} rows to {file}', {
            rows: number.format(file.rows),
            file: file.filename,
          }),
        );
        return new Promise((resolve) => setTimeout(resolve, FULL_BAR_MS));
      })
      .catch((error: unknown) => {
        // A refusal's message is shown by the request layer; a cancel needs no word.
        const refusal = typeof error === 'object' && error !== null && 'code' in error;
        if (!abort.signal.aborted && !refusal)
          notification.error({ title: t('listTransfer.The export was interrupted') });
      })
      .finally(() => {
        cancelAnimationFrame(frame);
        if (!abort.signal.aborted) setOpen(false);
      });
    return () => {
      abort.abort();
      cancelAnimationFrame(frame);
    };
  }, [format, target, t, i18n.language]);

  const cancel = () => {
    controller.current?.abort();
    setOpen(false);
  };

  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'zh-CN');
  const rows = progress?.rows ?? 0;
  const total = progress?.total ?? 0;
  // An empty list is done at once: a full bar rather than 0 of 0.
  const percent = done ? 100 : total > 0 ? Math.min(100, Math.floor((rows * 100) / total)) : 0;
  const counted = !progress
    ? t('listTransfer.Waiting for the server…')
    : total > 0
      ? t('listTransfer.{rows} / {total} rows', { rows: number.format(rows), total: number.format(total) })
      : t('listTransfer.{rows} rows', { rows: number.format(rows) });
  return (
    <Modal
      open={open}
      afterClose={onClose}
      title={t('listTransfer.Exporting to {format}', { format: t(FORMAT_NAMES[format]) })}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={cancel}
      footer={
        <Button onClick={cancel} data-testid="export-cancel">
          {t('Cancel')}
        </Button>
      }
    >
      <div className="ba-export-progress" data-testid="export-progress">
        <Progress
          percent={percent}
          status="active"
          aria-label={t('listTransfer.Export progress')}
          aria-valuetext={counted}
        />
        <div className="ba-export-rows" data-testid="export-rows">
          {counted}
        </div>
      </div>
    </Modal>
  );
}

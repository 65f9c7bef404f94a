/**
 * A list exported to a file (`<api>export`, streamed, counted as it arrives) and rows imported
 * from one (`<api>importPreview`, then `<api>import`): packages/shared/src/list-transfer.ts.
 */
import {
  EXPORT_ROWS_HEADER,
  type ExportColumn,
  type ExportFormat,
  type ImportPreview,
  type ImportRefused,
  type ImportRequest,
  type ImportResult,
} from '@portico/shared';
import { type Bytes, rowCounter } from '../export-progress';
import { fetchFile } from '../file-request';
import { notifier } from '../notifier';
import { type ApiResponse, createAxios } from '../request';

export interface ExportProgress {
  /** Data rows received so far. */
  rows: number;
  /** Rows the file will hold (the server's count); 0 when it did not say. */
  total: number;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
  rows: number;
}

/**
 * Exports a list with its index parameters (search, quick search, order; not page and limit,
 * so the whole list): resolves with the file once it has arrived whole; rejects
 * with the envelope of a refusal (its message already shown) or an AbortError.
 */
export async function exportList(
  api: string,
  params: Record<string, unknown>,
  format: ExportFormat,
  columns: ExportColumn[],
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const response = await fetchFile(
    `${api}export`,
    { ...params, format, columns: JSON.stringify(columns) },
    signal,
  );
  const total = Number(response.headers.get(EXPORT_ROWS_HEADER) ?? 0) || 0;
  let rows = 0;
  onProgress({ rows, total });
  const counter = rowCounter(format, (counted) => {
    rows = counted;
    onProgress({ rows, total });
  });
  /** Counting is for the bar only: a file it cannot read is still saved. */
  let counting = true;
  const count = async (run: () => Promise<unknown>) => {
    if (!counting) return;
    try {
      await run();
    } catch {
      counting = false;
    }
  };

  const parts: Bytes[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      await count(() => counter.push(value));
    }
  }
  await count(() => counter.end());
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(parts, { type }),
    filename: filenameOf(response.headers.get('content-disposition') ?? '') || `export.${format}`,
    rows,
  };
}

/** The file name of `Content-Disposition`: `filename*` (RFC 5987, UTF-8) first, then `filename`. */
export function filenameOf(disposition: string): string {
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(disposition);
  if (!plain) return '';
  return (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim();
}

function upload(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  // The text fields come first: the server reads them before the file streams in.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}

/** Reads the file's header and first rows, and which fields its columns may fill. */
export function previewImport(api: string, file: File) {
  return createAxios<ImportPreview>({ url: `${api}importPreview`, method: 'post', data: upload(file) });
}

/**
 * Imports the file's rows: each column into the field `mapping` names, `values` into fields no
 * column fills, for every row, and `labels` read back to the values they stand for. Resolves
 * with the envelope: code 1 with `{imported}`, or code 0 with `{refused}` (nothing saved; the
 * lines are for the caller to show, so the request layer does not show its message).
 */
export async function runImport(
  api: string,
  file: File,
  { mapping, values = {}, labels = {} }: ImportRequest,
): Promise<ApiResponse<ImportResult> | ApiResponse<ImportRefused>> {
  const fields = {
    mapping: JSON.stringify(mapping),
    values: JSON.stringify(values),
    labels: JSON.stringify(labels),
  };
  try {
    return await createAxios<ImportResult>(
      { url: `${api}import`, method: 'post', data: upload(file, fields) },
      { showCodeMessage: false },
    );
  } catch (error) {
    const refused = error as ApiResponse<Partial<ImportRefused>> | undefined;
    if (refused?.code === 0 && Array.isArray(refused.data?.refused)) {
      return refused as ApiResponse<ImportRefused>;
    }
    // Any other refusal (the file, the mapping, a permission) says why in its message.
    if (refused?.code === 0 && refused.msg) notifier.error(refused.msg);
    throw error;
  }
}

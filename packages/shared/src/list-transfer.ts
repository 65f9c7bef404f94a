/**
 * Lists exported to a file and rows imported from one, on the wire.
 *
 * Export: `GET /admin/<controller>/export` with the list's own parameters (search, quick search,
 * order: what the index is sent) plus `format` and `columns` (JSON of ExportColumn[]). The answer
 * is the file, streamed, with EXPORT_ROWS_HEADER giving how many rows it will hold; a refusal
 * before the first byte is the usual JSON envelope (code 0).
 *
 * Import: `POST /admin/<controller>/importPreview` with a multipart `file`, then
 * `POST /admin/<controller>/import` with the same `file`, `mapping` (JSON of ImportMapping) and
 * optionally `values` (JSON of ImportValues) and `labels` (JSON of ImportLabels).
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How a cell is written: as stored text, or the way the list shows it. */
export const EXPORT_RENDERS = ['text', 'datetime', 'tag', 'tags'] as const;
export type ExportRender = (typeof EXPORT_RENDERS)[number];

/** A visible column of the list, as the administrator sees it. */
export interface ExportColumn {
  /** The row's field (a dotted path into a joined object is allowed). */
  prop: string;
  /** The column's header, already translated. */
  title: string;
  /** datetime: Unix seconds shown in the site's time zone; tag(s): each value through `values`. */
  render?: ExportRender;
  /** Stored value → its translated label (tags, switches, selects). */
  values?: Record<string, string>;
}

/** Columns an export may have at most, and the longest header. */
export const EXPORT_MAX_COLUMNS = 60;
export const EXPORT_MAX_TITLE = 100;

/** Response header: the exact number of rows the file will hold (for the progress bar). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** The one sheet of an exported workbook, written first in the zip so a reader can follow it. */
export const XLSX_SHEET_ENTRY = 'xl/worksheets/sheet1.xml';

/** Import limits: the upload's size and its rows (each row is checked and saved like the add form). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
/** Rows of the file shown before it is imported. */
export const IMPORT_PREVIEW_ROWS = 10;

/** What `importPreview` answers. */
export interface ImportPreview {
  /** The file's header row, one entry per column. */
  columns: string[];
  /** The first data rows, as text. */
  rows: string[][];
  /** Data rows in the file (the header not counted). */
  total: number;
  /** The add form's fields a column may fill. */
  fields: ImportField[];
  /** The field each file column fills, guessed from its header (null: left out). */
  mapping: ImportMapping;
}

export interface ImportField {
  name: string;
  required: boolean;
  /**
   * The values the field takes, where each has a name (a group's id and its name): a cell may
   * hold either, several joined by commas where the field takes a list.
   */
  choices?: ImportChoice[];
}

export interface ImportChoice {
  value: string;
  label: string;
}

/**
 * For fields no column fills, one value for every row (`import`'s multipart `values`, JSON,
 * sent before the file): a group for every member of a file that names none.
 */
export type ImportValues = Record<string, string>;

/**
 * The labels the list shows for a field's stored values (`import`'s multipart `labels`, JSON):
 * a file exported as the list reads ("Male", "Enable") imports back to `1` and `enable`.
 */
export type ImportLabels = Record<string, ImportChoice[]>;

/** What `import` is sent besides the file. */
export interface ImportRequest {
  mapping: ImportMapping;
  values?: ImportValues;
  labels?: ImportLabels;
}

/** For each file column (by position), the field it fills, or null to leave it out. */
export type ImportMapping = (string | null)[];

/** A row the import refused: its line in the file (the header is line 1), the field and why. */
export interface ImportRefusal {
  line: number;
  field: string | null;
  message: string;
}

/** `import` answers `{imported}` with code 1, or code 0 with `{refused}` and nothing saved. */
export interface ImportResult {
  imported: number;
}
export interface ImportRefused {
  refused: ImportRefusal[];
}

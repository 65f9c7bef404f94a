/**
 * A management screen is a declaration: its API base, its columns and its form. The list
 * page (list-page.tsx) turns it into the header, common search, table, pagination and the
 * add/edit dialog of the original's list pages.
 */
import type { SearchOperator } from '@portico/shared';
import type { ComponentType, Key, ReactNode } from 'react';

/** `city`: the area names of a city field's stored ids (as its cascader shows them). */
export type CellRender = 'tag' | 'tags' | 'image' | 'datetime' | 'icon' | 'switch' | 'color' | 'url' | 'city';

/**
 * A row as a list screen handles it: any resource's. A screen passes its resource's row type
 * (declared in @portico/shared, what the server's list answers) as `R` to ListSpec, Column and
 * FormProps; a module that declares none keeps this default.
 */
// biome-ignore lint/suspicious/noExplicitAny: rows are whatever the resource answers.
export type Row = Record<string, any>;

/**
 * A column's field: a field of the row type, or a dotted path into a joined row
 * ('user.username'). With the default `Row` any name goes; a screen that names its row type
 * (the resource's row from @portico/shared) gets its typos refused.
 */
export type ColumnProp<R extends Row = Row> = (keyof R & string) | KeyOfEach<R> | `${string}.${string}`;
/**
 * The fields of each member of a union of rows (one screen for both ledgers), which `keyof`
 * alone narrows to the fields they share.
 */
type KeyOfEach<R> = R extends unknown ? keyof R & string : never;

export interface Column<R extends Row = Row> {
  /** Field of the row (dotted paths allowed) and of the common search. */
  prop: ColumnProp<R>;
  /** The common search's field when it differs from `prop` (e.g. 'user.username' for a joined column). */
  searchField?: string;
  /** Translation key of the title. */
  label: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  render?: CellRender | ((row: R) => ReactNode);
  /** Common-search operator; false keeps the column out of the common search. Default '='. */
  operator?: SearchOperator | false;
  /** Value → translation key shown for tags, switches and selects. */
  replaceValue?: Record<string, string>;
  /** Value → tag colour. */
  custom?: Record<string, string>;
  /** Server-side sorting. */
  sortable?: boolean;
  /** Starts hidden (the column-display menu can show it). */
  hidden?: boolean;
  /** The common search offers a date (not date-time) range for datetime columns. */
  comSearchRender?: 'date' | 'select';
  /** Double-clicking this column does not open the form (switches, links). */
  noDblClick?: boolean;
  /**
   * Two lines at most, cut with an ellipsis, the whole value on hover (the original's overflow
   * tooltip): for long values (a user agent, deleted data) that, wrapped in a phone's narrow
   * column, made every row many lines tall.
   */
  overflowTooltip?: boolean;
}

export type HeaderButton =
  | 'refresh'
  | 'add'
  | 'edit'
  | 'delete'
  | 'unfold'
  | 'comSearch'
  | 'quickSearch'
  | 'columnDisplay'
  /** The list as a CSV or Excel file: its search, quick search and order, its shown columns. */
  | 'export'
  /** Rows added from a CSV or Excel file (the resource must offer `importPreview` and `import`). */
  | 'import';
export type RowButton = 'weigh-sort' | 'edit' | 'delete';

export interface FormProps<R extends Row = Row> {
  operate: 'add' | 'edit';
  /** The row being edited (from `edit?id=`), or the form defaults when adding. */
  row: R;
  /** What the list's index answered besides its rows (e.g. the options a form offers). */
  extra: Row;
}

export interface ListSpec<R extends Row = Row> {
  /** Resource base path, built from the controller's name: `adminUrl(AdminController.admin)`. */
  api: string;
  /**
   * Translation key of the list's name, for what an empty list says; the page's tab title
   * when not given (set it for a list inside a dialog).
   */
  title?: string;
  pk?: string;
  columns: Column<R>[];
  /** Translation key of the fields the quick search covers (placeholder). */
  quickSearchFields?: string;
  headerButtons?: HeaderButton[];
  /**
   * Translation keys of the fields an import may fill that no column shows (form-only fields
   * such as the password); a column's label is used for its own `prop`.
   */
  importLabels?: Record<string, string>;
  rowButtons?: RowButton[];
  /** Tree table: no pagination, unfold button, parents select their children. */
  tree?: { expandAll: boolean; expandOnSearch?: boolean };
  /** Form fields of the add/edit dialog; none means no add/edit. */
  form?: ComponentType<FormProps<R>>;
  /** The add form's first values: form values, not a row (a radio's '0' where the row has 0). */
  formDefaults?: Row;
  /**
   * Adds that must apply once (a balance change): each opening of the add dialog sends its own
   * Idempotency-Key, the same on every retry, so a retry after a lost answer applies nothing.
   */
  idempotentAdd?: boolean;
  /** Width of the dialog in px. */
  formWidth?: number;
  /** Extra index parameters (e.g. isTree). */
  params?: Record<string, unknown>;
  /** Per-row refusals (e.g. an administrator's own row cannot be deleted). */
  canEdit?(row: R, extra: Row): boolean;
  canDelete?(row: R, extra: Row): boolean;
  /** Replaces double-click-to-edit (info pages) and adds row buttons. */
  onDblClick?(row: R): void;
  /** Row buttons of the screen's own; `refresh` reloads the list after they act. */
  extraRowButtons?(row: R, refresh: () => void): ReactNode;
  /** How many buttons `extraRowButtons` shows at most, to size the column (default 1). */
  extraRowButtonCount?: number;
  /** Header buttons acting on the selected rows; `done` clears the selection and reloads. */
  headerExtra?(selected: Key[], done: () => void): ReactNode;
  /** Shown above the table besides the remark. */
  notice?(extra: Row): ReactNode;
}

/** The buttons a list shows unless its spec names its own. */
import type { HeaderButton, RowButton } from './types';

/** Above the table (a list adds 'import' to offer it: `[...DEFAULT_HEADER, 'import']`). */
export const DEFAULT_HEADER: HeaderButton[] = [
  'refresh',
  'add',
  'edit',
  'delete',
  'export',
  'comSearch',
  'quickSearch',
  'columnDisplay',
];

/** In each row's Operate column. */
export const DEFAULT_ROW: RowButton[] = ['edit', 'delete'];

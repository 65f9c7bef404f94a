/** Back-office list pages: the table with its search, buttons and add/edit form, declared once. */

/** The query of the page's own tab (a list opened pre-filtered, e.g. a member's balance log). */
export { useTabQuery } from '../../../apps/web/src/components/tab-context';
/** Recorded data (a deleted row, a request body) as the nodes of an antd Tree. */
export { type DataNode, dataTree } from '../../../apps/web/src/components/table/data-tree';
export { DEFAULT_HEADER, DEFAULT_ROW } from '../../../apps/web/src/components/table/list-defaults';
export { ListPage } from '../../../apps/web/src/components/table/list-page';
export type {
  CellRender,
  Column,
  FormProps,
  HeaderButton,
  ListSpec,
  Row,
  RowButton,
} from '../../../apps/web/src/components/table/types';

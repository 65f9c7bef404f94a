/** store/order: every member's orders, read only. */

import { AdminController, adminUrl, type StoreOrderRow } from '@portico/shared';
import type { ListSpec } from '@portico/web-sdk/list';
import { ListPage } from '@portico/web-sdk/list';
import { ORDER_STATUS, PRICE_TYPE_COLUMN } from './labels';

export default function OrderList() {
  const spec: ListSpec<StoreOrderRow> = {
    api: adminUrl(AdminController.storeOrder),
    quickSearchFields: 'store.Quick search of orders',
    rowButtons: [],
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'order_no', label: 'store.Order number', width: 200, operator: 'LIKE' },
      { prop: 'username', label: 'store.Member', width: 130, searchField: 'user.username', operator: 'LIKE' },
      {
        prop: 'module_title',
        label: 'store.Module',
        width: 160,
        searchField: 'module.title',
        operator: 'LIKE',
      },
      PRICE_TYPE_COLUMN,
      { prop: 'amount', label: 'store.Amount', width: 100, operator: false },
      {
        prop: 'status',
        label: 'State',
        width: 100,
        render: 'tag',
        replaceValue: ORDER_STATUS,
        custom: { unpaid: 'default', paid: 'success' },
        comSearchRender: 'select',
      },
      {
        prop: 'pay_time',
        label: 'store.Paid at',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
        width: 170,
      },
      {
        prop: 'expire_time',
        label: 'store.Covers versions until',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
        width: 170,
      },
      {
        prop: 'create_time',
        label: 'Create time',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
        width: 170,
      },
    ],
  };
  return <ListPage spec={spec} />;
}

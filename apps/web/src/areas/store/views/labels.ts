/** Value → translation key maps and columns the store's screens share. */

import type { StoreModuleRow, StoreOrderRow } from '@portico/shared';
import type { Column } from '@portico/web-sdk/list';

export const STATUS = { '1': 'store.Enabled', '0': 'store.Disabled' };
export const PRICE_TYPES = { free: 'store.free', score: 'store.score', money: 'store.money' };
export const ORDER_STATUS = { unpaid: 'store.unpaid', paid: 'store.paid' };

/** A module's (or an order's) price type as a coloured tag, filterable. */
export const PRICE_TYPE_COLUMN: Column<Pick<StoreModuleRow | StoreOrderRow, 'price_type'>> = {
  prop: 'price_type',
  label: 'store.Price type',
  width: 110,
  render: 'tag',
  replaceValue: PRICE_TYPES,
  custom: { free: 'green', score: 'blue', money: 'orange' },
  comSearchRender: 'select',
};

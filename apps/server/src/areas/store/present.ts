/** Store rows as the wire shapes of @portico/shared's store.ts, and prices in and out. */

import { centsToString } from '@portico/server-sdk';
import type { StoreListItem, StoreOrder, StorePriceType } from '@portico/shared';
import { STORE_PRICE_TYPES } from '@portico/shared';
import type { StoreRow } from './tables.js';

type ModuleRow = StoreRow<'store_module'>;
type OrderRow = StoreRow<'store_order'>;

const priceType = (value: string): StorePriceType =>
  (STORE_PRICE_TYPES as readonly string[]).includes(value) ? (value as StorePriceType) : 'free';

/** Stored units (cents or points) as sent: "12.50" or "10". */
export function showPrice(type: string, units: number): string {
  if (type === 'money') return centsToString(units);
  return String(type === 'score' ? units : 0);
}

/** A price as typed in the form, in stored units; null when it is not a valid amount. */
export function parsePrice(type: StorePriceType, text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  if (type === 'money') return /^\d{1,8}(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export const splitList = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export interface ListedModule extends ModuleRow {
  category_name: string | null;
  latest_version: string | null;
  latest_time: number | null;
}

export function listItem(row: ListedModule): StoreListItem {
  const type = priceType(row.price_type);
  return {
    uid: row.uid,
    title: row.title,
    logo: row.logo,
    tags: splitList(row.tags),
    category_id: row.category_id,
    category: row.category_name ?? '',
    developer: row.developer,
    price_type: type,
    price: showPrice(type, row.price),
    original_price: row.original_price > 0 && type !== 'free' ? showPrice(type, row.original_price) : '',
    downloads: Number(row.downloads),
    version: row.latest_version ?? '',
    update_time: Number(row.latest_time ?? row.create_time ?? 0),
  };
}

export function orderInfo(row: OrderRow, module: { uid: string; title: string }): StoreOrder {
  const type = row.price_type === 'money' ? 'money' : 'score';
  return {
    id: row.id,
    order_no: row.order_no,
    uid: module.uid,
    module_title: module.title,
    price_type: type,
    amount: showPrice(type, row.amount),
    status: row.status === 'paid' ? 'paid' : 'unpaid',
    create_time: Number(row.create_time ?? 0),
    pay_time: row.pay_time === null ? null : Number(row.pay_time),
    expire_time: row.expire_time === null ? null : Number(row.expire_time),
  };
}

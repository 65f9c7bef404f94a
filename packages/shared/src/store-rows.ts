/** Rows of the store's back-office lists: categories, modules, versions and orders. */
import type { StoredTime, SwitchFlag } from './row-fields.js';
import type { StoreDemo, StoreOrderStatus, StorePriceType } from './store.js';

/** store.Category. */
export interface StoreCategoryRow {
  id: number;
  name: string;
  weigh: number;
  status: SwitchFlag;
  create_time: StoredTime;
  update_time: StoredTime;
}

/** store.Module. */
export interface StoreModuleRow {
  id: number;
  uid: string;
  category_id: number;
  category_name: string | null;
  title: string;
  logo: string;
  /** Comma-separated image URLs. */
  images: string | null;
  /** Comma-separated. */
  tags: string;
  /** Markdown. */
  description: string | null;
  developer: string;
  developer_url: string;
  developer_contact: string;
  demos: StoreDemo[];
  price_type: StorePriceType;
  /** In the unit of price_type: "12.50" or "10". */
  price: string;
  original_price: string;
  status: SwitchFlag;
  downloads: number;
  weigh: number;
  latest_version: string | null;
  latest_time: StoredTime;
  create_time: StoredTime;
  update_time: StoredTime;
}

/** store.Version. */
export interface StoreVersionRow {
  id: number;
  module_id: number;
  version: string;
  update_log: string | null;
  sha256: string;
  /** Bytes. */
  size: number;
  create_time: StoredTime;
  module_uid: string | null;
  module_title: string | null;
}

/** store.Order: only paid price types take an order. */
export interface StoreOrderRow {
  id: number;
  order_no: string;
  user_id: number;
  module_id: number;
  module_uid: string | null;
  module_title: string | null;
  username: string | null;
  nickname: string | null;
  price_type: Exclude<StorePriceType, 'free'>;
  /** In the unit of price_type. */
  amount: string;
  status: StoreOrderStatus;
  pay_time: StoredTime;
  expire_time: StoredTime;
  create_time: StoredTime;
  update_time: StoredTime;
}

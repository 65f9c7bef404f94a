/**
 * The store's answers as zod schemas (route `data`), each checked against its wire type in
 * @portico/shared, and the rows its back-office lists and edit forms load.
 */
import {
  STORE_ORDER_STATUSES,
  STORE_PRICE_TYPES,
  type StoreCategory,
  type StoreCategoryRow,
  type StoreDemo,
  type StoreListAnswer,
  type StoreListItem,
  type StoreModuleInfo,
  type StoreModuleRow,
  type StoreOrder,
  type StoreOrderRow,
  type StorePayAnswer,
  type StorePreCheck,
  type StorePurchase,
  type StoreVersionInfo,
  type StoreVersionRow,
} from '@portico/shared';
import { z } from 'zod';

const time = z.number().nullable().describe('Unix seconds.');
const flag = z.enum(['0', '1']);

const storeCategory = z.object({
  id: z.number().describe('0 is the "all" tab, always first.'),
  name: z.string(),
}) satisfies z.ZodType<StoreCategory>;

const storeDemo = z.object({
  title: z.string(),
  url: z.string(),
  image: z.string().describe("The QR code image, '' when none."),
}) satisfies z.ZodType<StoreDemo>;

const paidTypes = STORE_PRICE_TYPES.filter((type) => type !== 'free') as ['score', 'money'];

const storeListItem = z.object({
  uid: z.string(),
  title: z.string(),
  logo: z.string(),
  tags: z.array(z.string()),
  category_id: z.number(),
  category: z.string().describe("The category's name, '' when it has none."),
  developer: z.string(),
  price_type: z.enum(STORE_PRICE_TYPES),
  price: z.string().describe('"12.50" (money) or "10" (points); "0" when free.'),
  original_price: z.string().describe("The struck-through price, '' when there is none."),
  downloads: z.number(),
  version: z.string().describe("The newest published version, '' before the first upload."),
  update_time: z.number().describe('When the newest version was released, else when the module was created.'),
}) satisfies z.ZodType<StoreListItem>;

export const storeListAnswer = z.object({
  categories: z.array(storeCategory),
  list: z.array(storeListItem),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
}) satisfies z.ZodType<StoreListAnswer>;

export const storeOrder = z.object({
  id: z.number(),
  order_no: z.string(),
  uid: z.string(),
  module_title: z.string(),
  price_type: z.enum(paidTypes),
  amount: z.string().describe('What the order charges, in the unit of price_type.'),
  status: z.enum(STORE_ORDER_STATUSES),
  create_time: z.number(),
  pay_time: time,
  expire_time: time.describe('The end of the download and update period.'),
}) satisfies z.ZodType<StoreOrder>;

const storePurchase = z.object({
  covered: z.boolean().describe('Free, or a paid order covers the newest version.'),
  order: storeOrder.nullable(),
}) satisfies z.ZodType<StorePurchase>;

const storeVersionInfo = z.object({
  version: z.string(),
  update_log: z.string(),
  release_time: z.number(),
  size: z.number().describe('Bytes.'),
  sha256: z.string(),
}) satisfies z.ZodType<StoreVersionInfo>;

export const storeModuleInfo = storeListItem.extend({
  images: z.array(z.string()),
  description: z.string().describe('HTML rendered from the markdown, sanitized.'),
  developer_url: z.string(),
  developer_contact: z.string(),
  demos: z.array(storeDemo),
  create_time: z.number(),
  versions: z.array(storeVersionInfo).describe('Newest first.'),
  developer_works: z.array(storeListItem),
  purchase: storePurchase.optional().describe('Only when the request carries a valid member token.'),
}) satisfies z.ZodType<StoreModuleInfo>;

export const storePayAnswer = z.object({
  order: storeOrder,
  score: z.number(),
  money: z.string(),
}) satisfies z.ZodType<StorePayAnswer>;

export const storePreCheck = z.object({
  uid: z.string(),
  listed: z.boolean().describe('false: the store does not publish this module.'),
  version: z.string(),
  sha256: z.string(),
  size: z.number(),
  free: z.boolean(),
  order_id: z.number().nullable(),
  expire_time: z.number().nullable(),
}) satisfies z.ZodType<StorePreCheck>;

/** Back-office rows (database rows: more columns may come). */
export const categoryRow = z.looseObject({
  id: z.number(),
  name: z.string(),
  weigh: z.number(),
  status: flag,
  create_time: time,
  update_time: time,
}) satisfies z.ZodType<StoreCategoryRow>;

export const moduleRow = z.looseObject({
  id: z.number(),
  uid: z.string(),
  category_id: z.number(),
  category_name: z.string().nullable(),
  title: z.string(),
  logo: z.string(),
  images: z.string().nullable().describe('Comma-separated image URLs.'),
  tags: z.string().describe('Comma-separated.'),
  description: z.string().nullable().describe('Markdown.'),
  developer: z.string(),
  developer_url: z.string(),
  developer_contact: z.string(),
  demos: z.array(storeDemo),
  price_type: z.enum(STORE_PRICE_TYPES),
  price: z.string().describe('In the unit of price_type: "12.50" or "10".'),
  original_price: z.string(),
  status: flag,
  downloads: z.number(),
  weigh: z.number(),
  latest_version: z.string().nullable(),
  latest_time: time,
  create_time: time,
  update_time: time,
}) satisfies z.ZodType<StoreModuleRow>;

export const versionRow = z.looseObject({
  id: z.number(),
  module_id: z.number(),
  version: z.string(),
  update_log: z.string().nullable(),
  sha256: z.string(),
  size: z.number().describe('Bytes.'),
  create_time: time,
  module_uid: z.string().nullable(),
  module_title: z.string().nullable(),
}) satisfies z.ZodType<StoreVersionRow>;

export const orderRow = z.looseObject({
  id: z.number(),
  order_no: z.string(),
  user_id: z.number(),
  module_id: z.number(),
  module_uid: z.string().nullable(),
  module_title: z.string().nullable(),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  price_type: z.enum(paidTypes),
  amount: z.string().describe('In the unit of price_type.'),
  status: z.enum(STORE_ORDER_STATUSES),
  pay_time: time,
  expire_time: time,
  create_time: time,
  update_time: time,
}) satisfies z.ZodType<StoreOrderRow>;

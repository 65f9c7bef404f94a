/**
 * Portico's store answers (packages/shared store.ts) in the field names the original client's
 * market reads (docs/store.md, "The original client's market"). Pure functions: the routes
 * fetch Portico's answer, these rename and reshape it, nothing is read twice.
 *
 * Two choices the original's shapes force:
 * - `id` of a module is its uid. The client sends it back only as `goods_id` when ordering,
 *   and Portico's order takes the uid, so no database id has to leave the store.
 * - A free module needs no order in Portico, but the original installs only with an order id
 *   that is not 0. A signed-in member gets FREE_MODULE_ORDER for a free module: the largest id
 *   an order id may be (so every check of an order id's range passes it), which the store's
 *   coverage never looks up for a free module.
 */
import type { StoreListItem, StoreModuleInfo, StoreOrder, StorePriceType } from '@portico/shared';
import { z } from 'zod';

/** The order id that stands for "free: nothing to buy" (the original refuses 0). */
export const FREE_MODULE_ORDER = 2_147_483_647;
/** The id of the "all" tab: the client's first tab name, and what it sends while on it. */
export const ALL_TAB = 'all';

const tag = z.object({ name: z.string(), type: z.string() });
const price = {
  currency_select: z.union([z.literal(0), z.literal(1)]).describe('0: points (and free), 1: yuan.'),
  present_price: z.number(),
  original_price: z.number().describe('0 when there is no crossed-out price.'),
};

export const originalModuleRow = z.object({
  uid: z.string(),
  title: z.string(),
  logo: z.string(),
  tags: z.array(tag),
  downloads: z.number(),
  ...price,
  version: z.string().describe("The store's newest version."),
  new_version: z.boolean().describe('The store has a newer version than the one installed here.'),
  category_id: z.number(),
  author: z.string(),
  updatetime: z.number(),
});
export type OriginalModuleRow = z.infer<typeof originalModuleRow>;

export const originalModules = z.object({
  rows: z.array(originalModuleRow),
  category: z.array(z.object({ id: z.union([z.string(), z.number()]), name: z.string() })),
  remark: z.string(),
});

const originalDemo = z.object({
  title: z.string(),
  link: z.string(),
  image: z.string(),
  icon: z.string(),
});

export const originalGoodsInfo = originalModuleRow.extend({
  id: z.string().describe('The uid: what the client sends back as goods_id.'),
  type: z.literal('online'),
  images: z.array(z.string()),
  createtime: z.number(),
  category: z.object({ id: z.number(), name: z.string() }),
  author_url: z.string(),
  demo: z.array(originalDemo),
  developer: z.union([
    z.object({
      nickname: z.string(),
      avatar: z.string(),
      group: z.string(),
      goods: z.array(z.object({ uid: z.string(), title: z.string(), logo: z.string() })),
    }),
    z.object({}).strict(),
  ]),
  detail_editor: z.string().describe('Sanitized HTML.'),
  version_log: z.array(
    z.object({
      title: z.string(),
      short_describe: z.string(),
      describe: z.string().describe('Sanitized HTML.'),
      createtime: z.number(),
    }),
  ),
  purchased: z.number().describe(`The order to install with; ${FREE_MODULE_ORDER} for free, 0 when none.`),
});
export type OriginalGoodsInfo = z.infer<typeof originalGoodsInfo>;

export const originalOrder = z.object({
  id: z.number(),
  uid: z.string(),
  title: z.string(),
  sn: z.string(),
  amount: z.number(),
  status: z.string(),
  purchased: z.boolean().describe('Paid and in its period (or free): the client offers "Install now".'),
  pay: z.object({ score: z.boolean(), money: z.boolean() }).describe('The payment buttons to show.'),
});
export type OriginalOrder = z.infer<typeof originalOrder>;

const tags = (names: readonly string[]) => names.map((name) => ({ name, type: '' }));
const amount = (text: string) => (text === '' ? 0 : Number(text));

function priceOf(item: Pick<StoreListItem, 'price_type' | 'price' | 'original_price'>) {
  return {
    currency_select: item.price_type === 'money' ? (1 as const) : (0 as const),
    present_price: amount(item.price),
    original_price: amount(item.original_price),
  };
}

/** The store's newest version is newer than the one installed here (none installed: no). */
export function isNewer(
  latest: string,
  installed: string | undefined,
  atLeast: (a: string, b: string) => boolean,
): boolean {
  return latest !== '' && !!installed && !atLeast(latest, installed);
}

export function moduleRow(item: StoreListItem, newVersion: boolean): OriginalModuleRow {
  return {
    uid: item.uid,
    title: item.title,
    logo: item.logo,
    tags: tags(item.tags),
    downloads: item.downloads,
    ...priceOf(item),
    version: item.version,
    new_version: newVersion,
    category_id: item.category_id,
    author: item.developer,
    updatetime: item.update_time,
  };
}

/** The order to install with: the covering paid order, FREE_MODULE_ORDER, or 0 (buy first). */
export function purchasedOrder(info: StoreModuleInfo): number {
  const purchase = info.purchase;
  if (!purchase?.covered) return 0;
  return info.price_type === 'free' ? FREE_MODULE_ORDER : (purchase.order?.id ?? 0);
}

/** `versionLogs`: each version's update log already rendered to sanitized HTML. */
export function goodsInfo(
  info: StoreModuleInfo,
  newVersion: boolean,
  versionLogs: readonly string[],
): OriginalGoodsInfo {
  return {
    ...moduleRow(info, newVersion),
    id: info.uid,
    type: 'online',
    images: info.images.length > 0 ? info.images : info.logo ? [info.logo] : [],
    createtime: info.create_time,
    category: { id: info.category_id, name: info.category },
    author_url: info.developer_url,
    // The client opens `link` only for a demo without a QR image (the image is the preview).
    demo: info.demos.map((demo) => ({
      title: demo.title,
      link: demo.url,
      image: demo.image,
      icon: demo.image ? 'fa fa-qrcode' : 'fa fa-external-link',
    })),
    developer: info.developer
      ? {
          nickname: info.developer,
          avatar: '',
          group: '',
          goods: info.developer_works.map((work) => ({ uid: work.uid, title: work.title, logo: work.logo })),
        }
      : {},
    detail_editor: info.description,
    version_log: info.versions.map((version, index) => ({
      title: version.version,
      short_describe: '',
      describe: versionLogs[index] ?? '',
      createtime: version.release_time,
    })),
    purchased: purchasedOrder(info),
  };
}

const payButtons = (type: StorePriceType) => ({ score: type === 'score', money: type === 'money' });

export function paidModuleOrder(order: StoreOrder, purchased: boolean): OriginalOrder {
  return {
    id: order.id,
    uid: order.uid,
    title: order.module_title,
    sn: order.order_no,
    amount: amount(order.amount),
    status: order.status,
    purchased,
    pay: payButtons(order.price_type),
  };
}

/** A free module's "order": nothing to pay, installable at once. */
export function freeModuleOrder(info: Pick<StoreModuleInfo, 'uid' | 'title'>): OriginalOrder {
  return {
    id: FREE_MODULE_ORDER,
    uid: info.uid,
    title: info.title,
    sn: '',
    amount: 0,
    status: 'paid',
    purchased: true,
    pay: payButtons('free'),
  };
}

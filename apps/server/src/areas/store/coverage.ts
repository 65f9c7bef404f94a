/**
 * Who may download which version: anyone signed in for a free module; otherwise the member's
 * own paid order for that module, when the version was released before the order's period
 * ended. Versions released within the period stay downloadable after it ends; later ones
 * need a new order. A module switched off is offered to no one: only a member whose paid
 * order covers the version still downloads it.
 */
import { fail } from '@portico/server-sdk';
import { STORE_MESSAGES as M } from './messages.js';
import type { ListedModule } from './present.js';
import type { StoreDb } from './repository.js';
import type { StoreRow } from './tables.js';

type VersionRow = StoreRow<'store_version'>;
type OrderRow = StoreRow<'store_order'>;

export interface Covered {
  module: ListedModule;
  version: VersionRow;
  /** null for a free module. */
  order: OrderRow | null;
}

export interface CoverageQuery {
  uid: string;
  /** '' for the newest version. */
  version: string;
  /** 0: the member's paid order for the module with the latest period. */
  orderId: number;
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The member's best order for a module: paid with the latest period, else the newest unpaid. */
export async function bestOrder(
  db: StoreDb,
  userId: number,
  moduleId: number,
): Promise<OrderRow | undefined> {
  const orders = await db
    .selectFrom('store_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .orderBy('id', 'desc')
    .execute();
  const paid = orders
    .filter((order) => order.status === 'paid')
    .sort((a, b) => Number(b.expire_time ?? 0) - Number(a.expire_time ?? 0));
  return paid[0] ?? orders[0];
}

/** Refuses, with the reason, unless `userId` may download the version asked for. */
export async function coverage(
  db: StoreDb,
  userId: number,
  module: ListedModule,
  query: CoverageQuery,
): Promise<Covered> {
  const offered = module.status === '1';
  if (!offered && module.price_type === 'free') fail(M.notOffered);
  let versions = db.selectFrom('store_version').selectAll().where('module_id', '=', module.id);
  if (query.version) versions = versions.where('version', '=', query.version);
  const version = await versions.orderBy('id', 'desc').executeTakeFirst();
  if (!version) {
    if (query.version) fail(M.versionNotFound, query.version);
    fail(M.noVersion);
  }
  if (module.price_type === 'free') return { module, version, order: null };

  let order: OrderRow | undefined;
  if (query.orderId > 0) {
    order = await db.selectFrom('store_order').selectAll().where('id', '=', query.orderId).executeTakeFirst();
    if (!order) fail(M.orderNotFound);
    if (order.user_id !== userId) fail(M.orderForeign);
    if (order.module_id !== module.id) fail(M.orderOtherModule);
  } else {
    order = await bestOrder(db, userId, module.id);
    if (!order) fail(offered ? M.notPurchased : M.notOffered);
  }
  if (order.status !== 'paid') fail(M.unpaid);
  const end = Number(order.expire_time ?? 0);
  if (Number(version.create_time ?? 0) > end) fail(M.expired, version.version, day(end));
  return { module, version, order };
}

/**
 * Unpaid orders do not pile up (a store anyone can sign up to would otherwise keep every
 * abandoned "Buy now" forever): an order not paid within UNPAID_ORDER_HOURS lapses (it can no
 * longer be paid, and is removed the next time anyone places an order, so no scheduled job is
 * needed), and a member holds at most MAX_UNPAID_ORDERS unpaid orders.
 *
 * The cap is exact under concurrency on every dialect because a member's order placements
 * run one at a time: each starts its transaction by locking the member (ledger/member-lock.ts),
 * so the count it reads next already includes what an earlier placement committed.
 */
import type { StoreDb } from './repository.js';

export const UNPAID_ORDER_HOURS = 24;
export const MAX_UNPAID_ORDERS = 20;

/** Orders placed before this moment and still unpaid have lapsed. */
export const lapseCutoff = (time: number) => time - UNPAID_ORDER_HOURS * 60 * 60;

export function hasLapsed(order: { status: string; create_time: number | null }, time: number): boolean {
  return order.status === 'unpaid' && Number(order.create_time ?? 0) < lapseCutoff(time);
}

/** Rows removed per placement: a bound on the work one request does for everyone else. */
const REMOVED_PER_PASS = 500;

/**
 * Removes lapsed unpaid orders, whoever placed them. Their ids are read first and deleted by
 * id, so the DELETE locks only those rows (a range DELETE on MySQL would lock every order it
 * scans and hold up payments meanwhile). Nothing depends on it having run (a lapsed order is
 * neither counted, reused nor payable), so a failure does not fail the order being placed.
 */
export async function removeLapsedOrders(db: StoreDb, time: number): Promise<void> {
  try {
    await deleteLapsed(db, lapseCutoff(time));
  } catch {
    // Only leftovers are at stake (say MySQL chose this delete as a deadlock victim): the next
    // order placed tries again.
  }
}

async function deleteLapsed(db: StoreDb, cutoff: number): Promise<void> {
  const lapsed = await db
    .selectFrom('store_order')
    .select('id')
    .where('status', '=', 'unpaid')
    .where('create_time', '<', cutoff)
    .limit(REMOVED_PER_PASS)
    .execute();
  if (lapsed.length === 0) return;
  await db
    .deleteFrom('store_order')
    .where(
      'id',
      'in',
      lapsed.map((row) => row.id),
    )
    // Paid meanwhile: kept.
    .where('status', '=', 'unpaid')
    .where('create_time', '<', cutoff)
    .execute();
}

/** The member's unpaid orders that have not lapsed. */
export async function openUnpaidCount(db: StoreDb, userId: number, time: number): Promise<number> {
  const row = await db
    .selectFrom('store_order')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'unpaid')
    .where('create_time', '>=', lapseCutoff(time))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * What a seeded product of the generated screen (generated-module.ts) looks like, every column
 * an SQL expression of its id as the member seed does (seed-rows.ts). Titles are an adjective,
 * a noun and the product's code (`SKU-<id>`), English or Chinese: a noun alone is a broad
 * search, an adjective and noun a spread one, a code a rare one. Two stretches of ids, created
 * together, are "Autumn sale" products (2,000) and "Clearance" ones (100,000): searches whose
 * matches cluster, deep in the list's order, narrowly or broadly, as the members named alice12… do.
 */
import { sql } from 'kysely';
import { HISTORY_END, YEAR_SECONDS } from './seed-rows.js';
import type { Expr, SqlKit } from './sql-kit.js';

export const PRODUCT_ADJECTIVES = [
  'Classic',
  'Compact',
  'Deluxe',
  'Smart',
  'Vintage',
  'Portable',
  'Premium',
  'Rustic',
  'Sturdy',
  'Electric',
  'Foldable',
  'Organic',
  '经典',
  '便携',
  '智能',
  '豪华',
  '复古',
  '迷你',
  '环保',
  '加厚',
] as const;
export const PRODUCT_NOUNS = [
  'Lamp',
  'Kettle',
  'Backpack',
  'Chair',
  'Desk',
  'Speaker',
  'Blender',
  'Jacket',
  'Tumbler',
  'Notebook',
  'Pillow',
  'Heater',
  '台灯',
  '水壶',
  '背包',
  '椅子',
  '音箱',
  '耳机',
  '手表',
  '雨伞',
] as const;

/** A stretch of products sharing a title prefix: where it starts (a fraction of the table), how many. */
export interface ProductCluster {
  title: string;
  at: number;
  rows: number;
  /** At most this share of a small table. */
  share: number;
}

/** 2,000 rows 30% into the table, and 100,000 (a tenth of a million) 60% into it. */
export const CLUSTERS = {
  narrow: { title: 'Autumn sale', at: 0.3, rows: 2000, share: 1 / 50 },
  broad: { title: 'Clearance', at: 0.6, rows: 100_000, share: 1 / 10 },
} satisfies Record<string, ProductCluster>;

/** The ids of a cluster's products (fewer in a small table). */
export function clusterIds(rows: number, cluster: ProductCluster): { first: number; last: number } {
  const first = Math.floor(rows * cluster.at) + 1;
  return { first, last: first + Math.min(cluster.rows, Math.floor(rows * cluster.share)) - 1 };
}

export const PRODUCT_STATUS_SHARES = 'draft 2 in 10, gone 1 in 10, sale the rest';

const HISTORY_START = HISTORY_END - 4 * YEAR_SECONDS;

export function productColumns(kit: SqlKit, id: Expr, rows: number): Record<string, Expr> {
  const h = (salt: number, modulo: number) => kit.hash(id, salt, modulo);
  // The cluster's title where its ids lie, a hashed adjective elsewhere.
  const clustered = Object.values(CLUSTERS).map((cluster) => {
    const { first, last } = clusterIds(rows, cluster);
    return sql`when ${id} between ${sql.lit(first)} and ${sql.lit(last)} then ${sql.lit(cluster.title)}`;
  });
  const adjective = sql`case ${sql.join(clustered, sql` `)}
    else ${kit.pick(PRODUCT_ADJECTIVES, h(31, PRODUCT_ADJECTIVES.length))} end`;
  const step = Math.max(1, Math.floor((HISTORY_END - HISTORY_START) / rows));
  const created = sql`(${sql.lit(HISTORY_START)} + (${id}) * ${sql.lit(step)} + ${h(32, step)})`;
  const status = h(33, 10);
  return {
    id,
    title: kit.concat(adjective, ' ', kit.pick(PRODUCT_NOUNS, h(34, PRODUCT_NOUNS.length)), ' SKU-', id),
    status: sql`case when ${status} < 2 then 'draft' when ${status} = 2 then 'gone' else 'sale' end`,
    price: sql`(${h(35, 100_000)} / 100.0)`,
    // The original gives a new row its id as its weigh.
    weigh: id,
    visible: sql`case when ${h(36, 10)} = 0 then 0 else 1 end`,
    update_time: sql`(${created} + ${h(37, 30 * 86_400)})`,
    create_time: created,
  };
}

/** The creation times of the products: the bench's RANGE filter takes a month of them. */
export const PRODUCT_HISTORY = { start: HISTORY_START, end: HISTORY_END };

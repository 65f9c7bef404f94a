/**
 * The few SQL expressions the seed needs whose spelling differs between SQLite, PostgreSQL
 * and MariaDB. Every value here is the seed's own constant, inlined as a literal: the
 * statements are built once per batch, and PostgreSQL cannot type a bound parameter given to
 * concat().
 */
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../apps/server/src/db/dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: expressions of any SQL type.
export type Expr = RawBuilder<any>;

export interface SqlKit {
  /** An integer expression as the dialect's integer type (PostgreSQL's substr wants int4). */
  int(expression: Expr): Expr;
  concat(...parts: (Expr | string)[]): Expr;
  /** The word at `index` (0-based, already reduced modulo the list's length) of a fixed list. */
  pick(words: readonly string[], index: Expr): Expr;
  /** A well-spread pseudo-random value in [0, modulo) of an integer expression, by a multiplicative hash. */
  hash(expression: Expr, salt: number, modulo: number): Expr;
}

/** Large primes for the multiplicative hashes; each salt picks its own. */
const MULTIPLIERS = [2_654_435_761, 2_246_822_519, 3_266_489_917, 668_265_263, 374_761_393, 1_103_515_245];

export function sqlKit(dialect: Dialect): SqlKit {
  const int = (expression: Expr) =>
    dialect === 'mysql' ? sql`cast(${expression} as signed)` : sql`cast(${expression} as integer)`;
  const literal = (part: Expr | string) => (typeof part === 'string' ? sql.lit(part) : part);
  return {
    int,
    concat: (...parts) => sql`concat(${sql.join(parts.map(literal))})`,
    pick(words, index) {
      // One fixed-width text holding every word: substr picks one without a lookup table.
      const width = Math.max(...words.map((w) => w.length));
      const padded = words.map((w) => w.padEnd(width, ' ')).join('');
      return sql`trim(substr(${sql.lit(padded)}, ${int(sql`1 + ${sql.lit(width)} * (${index})`)}, ${sql.lit(width)}))`;
    },
    hash(expression, salt, modulo) {
      const multiplier = MULTIPLIERS[salt % MULTIPLIERS.length] ?? 1;
      // The salt also shifts the input, so two salts with one multiplier still differ. Below 2^31
      // times a 32-bit prime, the product fits a 64-bit integer on every dialect.
      // PostgreSQL multiplies two int4 in int4 (and fails on overflow): the input is widened first.
      const input = dialect === 'postgres' ? sql`cast(${expression} as bigint)` : expression;
      return sql`((${input} + ${sql.lit(salt * 7919)}) * ${sql.lit(multiplier)} % 4294967291 % ${sql.lit(modulo)})`;
    },
  };
}

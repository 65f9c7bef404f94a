/**
 * Integer columns (`integer` in the migrations) are signed 32-bit on PostgreSQL and
 * MariaDB; SQLite stores 64 bits but is held to the same range, so every dialect accepts
 * and refuses the same values. Money is stored in cents in such columns.
 */
export const INTEGER_COLUMN = { min: -2_147_483_648, max: 2_147_483_647 } as const;

export function inIntegerRange(value: number): boolean {
  return Number.isInteger(value) && value >= INTEGER_COLUMN.min && value <= INTEGER_COLUMN.max;
}

/** Messages of a balance or points change out of range (server and web say the same). */
export const RANGE_MESSAGES = {
  amount: 'The change amount must be between %s and %s',
  result: 'The value after the change would be %s, outside the allowed range of %s to %s',
} as const;

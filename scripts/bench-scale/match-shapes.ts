/**
 * Where a search's matches lie, beside the evenly spread ones every seeded column gives: a
 * stretch of rows created together long ago (one in ten members, joined in the same campaign
 * four years before the history's end; one in a hundred log entries, a data import run in a
 * week), and a single row. A list walking its order from the end meets the stretch only after
 * most of the table, which is what the searches of these shapes measure (queries.ts).
 */
import { sql } from 'kysely';
import type { Expr } from './sql-kit.js';

export interface Stretch {
  /** The first id in the stretch, and the last. */
  first: number;
  last: number;
}

/** The members who joined together: ids from 10% to 20% of the table. */
export function memberStretch(members: number): Stretch {
  return { first: Math.floor(members * 0.1) + 1, last: Math.floor(members * 0.2) };
}

/** The log entries of one import run: ids from 20% to 21% of the log. */
export function logStretch(logs: number): Stretch {
  return { first: Math.floor(logs * 0.2) + 1, last: Math.floor(logs * 0.21) };
}

/** The one member whose nickname and user name no other member shares: 30% into the table. */
export const loneMemberId = (members: number) => Math.floor(members * 0.3);
/** The one log entry whose title no other entry has. */
export const loneLogId = (logs: number) => Math.floor(logs * 0.3);

/** The word every nickname in the members' stretch ends with (`Quiet Harbor Club`). */
export const STRETCH_WORD = 'Club';
export const LONE_NICKNAME = 'Solitary Heron';
export const LONE_USERNAME_STEM = 'heron';
/** The title of the import run's entries, and of the one lone entry. */
export const STRETCH_TITLE = 'Data import-Run';
export const LONE_TITLE = 'Backup restore-Confirm';

export const within = (id: Expr, stretch: Stretch) =>
  sql`${id} between ${sql.lit(stretch.first)} and ${sql.lit(stretch.last)}`;
export const isId = (id: Expr, value: number) => sql`${id} = ${sql.lit(value)}`;

/**
 * largeTableCounts: what the members and the admin log keep to stay fast at millions of rows,
 * for a module's table, from its migrations (exported by the SDK): the exact row count in
 * `row_count` slots (0016-row-counts.ts) and the rows per block of ids in `id_block`
 * (0019-id-blocks.ts), both kept by triggers in each writer's transaction and filled from the
 * rows already there. The list engine reads them wherever they are kept (crud/list-total.ts,
 * crud/id-block.ts): the table's unfiltered list answers an exact total, its back half is read
 * from the other end, and a deep page in id order starts from its block.
 *
 * Whatever the table kept before is dropped first, so a migration may call it again (a
 * rebuilt table, a renamed key). dropLargeTableCounts takes slots, blocks and triggers away;
 * whatever drops the table calls it first, or the slots outlive it and a table made again under
 * its name would start from the old count.
 *
 * On PostgreSQL the table also gets the BRIN index on its key that 0030-id-brin.ts gives the
 * members and the log: a quick search whose matches cluster far from the list's end reads the
 * matches past a sampled one through it (crud/match-stretch.ts) instead of rechecking them all.
 *
 * MySQL refuses the triggers without the TRIGGER privilege: the table is then not counted
 * (with a warning) and its lists show the estimate, as an uncounted table's do. So is a table
 * whose prefixed name leaves no room for its triggers' names (a 20-letter prefix and a 40-letter
 * generated table): failing would stop the module's install for what is only a speed-up.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { addRowCounter, dropRowCounter } from './0016-row-counts.js';
import { addIdBlocks, dropIdBlocks } from './0019-id-blocks.js';
import type { AnyDb } from './columns.js';

/** Names go into the trigger statements as they are: a module's own identifiers, checked. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The longest trigger name PostgreSQL keeps whole (it cuts longer ones, and two could meet). */
const MAX_IDENTIFIER = 63;

/** The longest suffix the triggers add to the prefixed table's name (`_block_ai`). */
const TRIGGER_SUFFIX = '_block_ai'.length;

export interface LargeTableOptions {
  /** The table's integer primary key (`id` by default): the blocks are of its values. */
  key?: string;
}

export interface MigrationTarget {
  dialect: Dialect;
  prefix: string;
}

/** Counts `table`'s rows and its rows per block of `key` from now on, starting from those there. */
export async function largeTableCounts(
  db: AnyDb,
  { dialect, prefix }: MigrationTarget,
  table: string,
  { key = 'id' }: LargeTableOptions = {},
): Promise<void> {
  checkNames(prefix, table, key);
  if (!triggersFit(prefix, table)) {
    console.warn(`Row counts of ${prefix}${table} skipped: its name is too long to name its triggers`);
    return;
  }
  await dropLargeTableCounts(db, { dialect, prefix }, table);
  // Without the row count, blocks alone would not give an exact total: both or neither.
  if (!(await addRowCounter(db, dialect, prefix, table))) return;
  await addIdBlocks(db, dialect, prefix, table, key);
  if (dialect === 'postgres') await addKeyBrin(db, prefix, table, key);
}

/** The key's BRIN index (named as triggersFit allows: `_key_brin` is as long as `_block_ai`). */
const keyBrin = (prefix: string, table: string) => sql.id(`${prefix}${table}_key_brin`);

/** On `key + 0`, the expression match-stretch.ts names (0030-id-brin.ts says why not the key). */
export async function addKeyBrin(db: AnyDb, prefix: string, table: string, key: string): Promise<void> {
  await sql`create index if not exists ${keyBrin(prefix, table)} on ${sql.id(`${prefix}${table}`)} using brin ((${sql.ref(key)} + 0))`.execute(
    db,
  );
}

/** Stops counting `table`: its triggers, slots and blocks go. */
export async function dropLargeTableCounts(
  db: AnyDb,
  { dialect, prefix }: MigrationTarget,
  table: string,
): Promise<void> {
  checkNames(prefix, table, 'id');
  // A name too long was never counted (largeTableCounts skipped it): nothing to drop.
  if (!triggersFit(prefix, table)) return;
  await dropIdBlocks(db, dialect, prefix, table);
  await dropRowCounter(db, dialect, prefix, table);
  if (dialect === 'postgres') await dropKeyBrin(db, prefix, table);
}

export async function dropKeyBrin(db: AnyDb, prefix: string, table: string): Promise<void> {
  await sql`drop index if exists ${keyBrin(prefix, table)}`.execute(db);
}

function checkNames(prefix: string, table: string, key: string): void {
  // The prefix alone may be empty.
  for (const name of prefix === '' ? [table, key] : [prefix, table, key]) {
    if (!NAME.test(name)) throw new Error(`largeTableCounts: ${JSON.stringify(name)} is not a plain name`);
  }
}

function triggersFit(prefix: string, table: string): boolean {
  return prefix.length + table.length + TRIGGER_SUFFIX <= MAX_IDENTIFIER;
}

/**
 * MySQL/MariaDB: what a renewal of a trigram index's routines (replaceRoutines,
 * trigram-indexes.ts) leaves when it is cut off (a connection lost, a process stopped) with its
 * bridge there (search-index-sql.ts, renewalBridge). The renewal makes the bridge whole before it
 * touches the index's own routines, and makes those whole again before it drops the bridge, so:
 *
 * - a whole bridge may be all that keeps the postings: the renewal is finished from it (its
 *   routines copied under the index's own names, then dropped), in the form it was writing.
 *   Making the index again from the rows instead took minutes at a million members, and a
 *   module's index, which the core cannot make, was dropped (its searches then scanned);
 * - a bridge half made or half dropped stands beside a whole set of the index's own: it goes
 *   (the cut-off migration's renewal, run again, would drop it first too; whoever looks for the
 *   indexes here finds no second set of triggers writing every posting twice).
 */
import { sql } from 'kysely';
import { renewalBridge, type TrigramNames, trigramNames, trigramRoutinesDown } from '../search-index-sql.js';
import type { AnyDb } from './columns.js';

const SIDE = '_trigram';
const TRIGGER_EVENTS = ['ai', 'au', 'ad'] as const;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** Finishes or takes away every bridge of this install's (prefixed) trigram indexes. */
export async function finishBridges(db: AnyDb, prefix: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`select routine_name as name from information_schema.routines
      where routine_schema = database() and routine_type = 'PROCEDURE'
    union all
    select trigger_name from information_schema.triggers where trigger_schema = database()`.execute(db);
  const present = new Set(rows.map((row) => row.name));
  const sides = new Set<string>();
  for (const name of present) {
    const side = /^(.+_trigram)_(?:bput|brm|b_ai|b_au|b_ad)$/.exec(name)?.[1];
    if (side?.startsWith(prefix)) sides.add(side);
  }
  for (const side of sides) {
    const names = trigramNames(prefix, side.slice(prefix.length, -SIDE.length));
    const bridge = renewalBridge(names);
    const whole = [bridge.put, bridge.remove, ...TRIGGER_EVENTS.map((e) => `${bridge.triggers}_${e}`)].every(
      (name) => present.has(name),
    );
    if (whole) {
      const copies = await ownCopies(db, bridge, names);
      for (const statement of trigramRoutinesDown(names)) await run(db, statement);
      for (const statement of copies) await run(db, statement);
      console.warn(`Trigram index ${names.side}: a cut-off renewal finished from its bridge`);
    }
    for (const statement of trigramRoutinesDown(bridge)) await run(db, statement);
  }
}

/**
 * The bridge's routines as the server holds them, under the index's own names: procedures
 * first, as the triggers call them. Without their DEFINER, so they run as the user migrating,
 * as the renewal's would have.
 */
async function ownCopies(db: AnyDb, bridge: TrigramNames, names: TrigramNames): Promise<string[]> {
  const renamed = new Map<string, string>([
    [bridge.put, names.put],
    [bridge.remove, names.remove],
    ...TRIGGER_EVENTS.map((e): [string, string] => [`${bridge.triggers}_${e}`, `${names.triggers}_${e}`]),
  ]);
  const shown = async (kind: 'procedure' | 'trigger', name: string, column: string) => {
    // The names are the index's own (trigramNames), never a client's.
    const { rows } = await sql<Record<string, string>>`${sql.raw(`show create ${kind} \`${name}\``)}`.execute(
      db,
    );
    const statement = rows[0]?.[column];
    if (!statement) throw new Error(`The server did not show ${kind} ${name}`);
    return statement
      .replace(/^create\s+definer\s*=\s*(?:`[^`]*`|'[^']*'|[^@\s]+)@(?:`[^`]*`|'[^']*'|\S+)\s+/i, 'create ')
      .replace(/`([^`]+)`/g, (quoted, name: string) => {
        const own = renamed.get(name);
        return own ? `\`${own}\`` : quoted;
      });
  };
  const copies = [
    await shown('procedure', bridge.put, 'Create Procedure'),
    await shown('procedure', bridge.remove, 'Create Procedure'),
  ];
  for (const e of TRIGGER_EVENTS)
    copies.push(await shown('trigger', `${bridge.triggers}_${e}`, 'SQL Original Statement'));
  return copies;
}

/**
 * What a row costs the database: `rows` members and `rows` admin-log entries inserted with one
 * INSERT … SELECT each (bench:scale's seed rows), then a searched column of all of them updated
 * with one UPDATE, in the real table (its triggers and search indexes doing their work) and in
 * a plain copy (plain-copy.ts). Each statement runs `rounds` times on fresh ids; the median
 * round is kept, in µs per row. Run with the server stopped: on SQLite it would hold the writer.
 * Where the table's search index is segments (MySQL's members, db/trigram-segments.ts), the
 * merge of the statement's pending rows is timed with it: deferred work is still the write's.
 */
import { sql } from 'kysely';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { mergeSegments } from '../../apps/server/src/db/segment-merge.js';
import { createSequence, dropSequence, insertSelect, TABLE_PREFIX } from '../bench-scale/seed.js';
import { logColumns, memberColumns } from '../bench-scale/seed-rows.js';
import { type Expr, sqlKit } from '../bench-scale/sql-kit.js';
import { createPlainCopy } from './plain-copy.js';

export interface RowCost {
  /** e.g. `member insert`. */
  label: string;
  /** µs per row in the real table and in its plain copy. */
  triggered: number;
  plain: number;
}

interface Written {
  name: string;
  table: string;
  /** The searched column the UPDATE changes. */
  searched: string;
  /** `span`: the largest id written, which spreads the rows' times over the seed's history. */
  columns(id: Expr, span: number): Record<string, Expr>;
}

export async function measureRowCosts(url: string, rows: number, rounds: number): Promise<RowCost[]> {
  const db = await openDatabase(url, TABLE_PREFIX);
  const kit = sqlKit(db.dialect);
  const written: Written[] = [
    {
      name: 'member',
      table: 'user',
      searched: 'nickname',
      columns: (id, n) => memberColumns(kit, id, n, [1], 'not-a-password-hash'),
    },
    { name: 'admin log', table: 'admin_log', searched: 'title', columns: (id, n) => logColumns(kit, id, n) },
  ];
  try {
    await createSequence(db.kysely);
    const costs: RowCost[] = [];
    for (const w of written) {
      const copy = await createPlainCopy(db, w.table);
      // After the rows the API writes made; the seed's expressions stay within 32-bit integers
      // (PostgreSQL's int4) only for ids up to the span they are given.
      const firstId = (await largestId(db, w.table)) + 1;
      const span = firstId + rounds * rows;
      const inserts = { triggered: [] as number[], plain: [] as number[] };
      const updates = { triggered: [] as number[], plain: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        const first = firstId + round * rows;
        for (const [kind, table] of [
          ['triggered', w.table],
          ['plain', copy],
        ] as const) {
          const merged = (write: () => Promise<unknown>) => async () => {
            await write();
            if (kind === 'triggered') await mergeSegments(db, table);
          };
          inserts[kind].push(
            await perRow(
              rows,
              merged(() => insertSelect(db, table, rows, first, (id) => w.columns(id, span))),
            ),
          );
          updates[kind].push(
            await perRow(
              rows,
              merged(() => appendToColumn(db, table, w.searched, first, rows)),
            ),
          );
        }
      }
      costs.push({
        label: `${w.name} insert`,
        triggered: median(inserts.triggered),
        plain: median(inserts.plain),
      });
      costs.push({
        label: `${w.name} update (${w.searched})`,
        triggered: median(updates.triggered),
        plain: median(updates.plain),
      });
    }
    await dropSequence(db.kysely);
    return costs;
  } finally {
    await db.close();
  }
}

async function largestId(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`select max(id) as id from ${sql.table(table)}`.execute(
    db.kysely,
  );
  return Number(rows[0]?.id ?? 0);
}

/** µs per row of one statement over `rows` rows. */
async function perRow(rows: number, statement: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await statement();
  return ((performance.now() - started) * 1000) / rows;
}

/** Changes a searched column of rows first … first+rows-1, so its search index must follow. */
async function appendToColumn(
  db: Db,
  table: string,
  column: string,
  first: number,
  rows: number,
): Promise<void> {
  const result =
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sqlKit(db.dialect).concat(sql.ref(column), '+')}
    where id >= ${first} and id < ${first + rows}`.execute(db.kysely);
  if (Number(result.numAffectedRows) !== rows)
    throw new Error(`${table}: ${result.numAffectedRows} rows updated, not ${rows}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/**
 * The rows a database read for one statement, from its analyser's plan (why.ts replays each
 * statement a list ran under it):
 *
 * - PostgreSQL, `explain (analyze, format json)`: over the scan nodes (Seq Scan, Index Scan,
 *   Index Only Scan, Bitmap Heap Scan), the rows each returned plus those its filter and its
 *   index recheck removed, times its loops (PostgreSQL reports per loop). A Bitmap Index Scan
 *   is not counted: its Bitmap Heap Scan above counts the same rows, once.
 * - MariaDB, `analyze format=json`: over the table accesses, `r_rows` × `r_loops` (rows read per
 *   loop, as MariaDB reports them), at every depth (subqueries, materialised ones, the trigram
 *   side tables). A temporary table (`<subquery2>`, `<derived3>`) is not counted: the rows that
 *   filled it are, in its own query block. A `const` table (one row by its key, read while the
 *   statement is planned, so without `r_rows`) counts one row.
 * - SQLite has no per-statement row counters that better-sqlite3 can read: only the plan's
 *   access lines (`explain query plan`), compacted.
 *
 * Index entries that are read and skipped inside an index (a range's non-matching entries, a
 * GIN posting list) are not rows here: this counts what the executors report as rows.
 */

/** PostgreSQL scan nodes whose rows come from a table or an index read. */
const PG_SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

interface PgNode {
  'Node Type'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PgNode[];
}

/** `explain (analyze, format json)`'s answer: an array holding one object with the `Plan`. */
export function postgresRowsRead(explained: unknown): number {
  const [root] = (Array.isArray(explained) ? explained : [explained]) as { Plan?: PgNode }[];
  const walk = (node: PgNode | undefined): number => {
    if (!node) return 0;
    const own = PG_SCANS.has(node['Node Type'] ?? '')
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0;
    return own + (node.Plans ?? []).reduce((sum, child) => sum + walk(child), 0);
  };
  return Math.round(walk(root?.Plan));
}

/** `analyze format=json`'s answer (the JSON text or parsed). */
export function mariadbRowsRead(analyzed: unknown): number {
  const root = typeof analyzed === 'string' ? (JSON.parse(analyzed) as unknown) : analyzed;
  let rows = 0;
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    const table = object.table as Record<string, unknown> | undefined;
    if (table && typeof table === 'object' && !Array.isArray(table)) {
      const name = String(table.table_name ?? '');
      // A const table is read once, by its key, while the statement is planned: no r_rows.
      const once = table.access_type === 'const' || table.access_type === 'system';
      const read = once ? 1 : Number(table.r_rows) * Number(table.r_loops ?? 1);
      if (!name.startsWith('<') && Number.isFinite(read)) rows += read;
    }
    for (const child of Object.values(object)) walk(child);
  };
  walk(root);
  return Math.round(rows);
}

/** `explain query plan`'s rows: their access lines (SCAN / SEARCH …), compacted, in plan order. */
export function sqlitePlan(lines: { detail: string }[]): string {
  return lines
    .map((line) => line.detail)
    .filter((detail) => /^(SCAN|SEARCH)\b/.test(detail))
    .map((detail) =>
      detail
        .replace(/ USING (COVERING )?INDEX /, (_, covering) => (covering ? ' covering ' : ' by '))
        .replace(' USING INTEGER PRIMARY KEY ', ' by pk ')
        // A virtual table's index string: FTS5 marks a MATCH with `M` (json_each has none).
        .replace(/ VIRTUAL TABLE INDEX \d+:(\S*)/, (_, index: string) =>
          index.includes('M') ? ' (fts)' : '',
        ),
    )
    .join(', ');
}

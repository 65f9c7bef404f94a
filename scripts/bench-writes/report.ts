/** The write bench's tables: one per dialect, then how MariaDB and SQLite compare with PostgreSQL. */
import type { Dialect } from '../../apps/server/src/db/dialect.js';
import { printTable } from '../bench-scale/report.js';
import type { ApiTiming } from './api.js';
import type { RowCost } from './row-cost.js';

export interface DialectResult {
  dialect: Dialect;
  api: ApiTiming[];
  rows: RowCost[];
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export function printDialect(result: DialectResult, rows: number, load: string): void {
  console.log(`\n${result.dialect}: single writes through the API, one at a time (load average ${load})\n`);
  printTable(
    ['write', 'tables written', 'runs', 'p50 ms', 'p95 ms'],
    result.api.map((t) => [t.label, t.writes, String(t.runs), fixed(t.p50), fixed(t.p95)]),
    new Set([2, 3, 4]),
  );
  console.log(
    `\n${result.dialect}: per-row cost of one statement over ${rows.toLocaleString('en')} rows, with triggers and search indexes vs a plain copy\n`,
  );
  printTable(
    ['statement', 'with triggers µs/row', 'plain copy µs/row', 'ratio'],
    result.rows.map((c) => [c.label, fixed(c.triggered), fixed(c.plain), `${fixed(c.triggered / c.plain)}×`]),
    new Set([1, 2, 3]),
  );
}

/** Each dialect's per-row costs (with triggers) and API p50s as multiples of PostgreSQL's. */
export function printComparison(results: DialectResult[]): void {
  const postgres = results.find((r) => r.dialect === 'postgres');
  if (!postgres) return;
  console.log('');
  for (const other of results.filter((r) => r.dialect !== 'postgres')) {
    const rows = other.rows.map(
      (c, i) => `${c.label} ${fixed(c.triggered / (postgres.rows[i]?.triggered ?? Number.NaN))}×`,
    );
    const api = other.api.map((t, i) => `${t.label} ${fixed(t.p50 / (postgres.api[i]?.p50 ?? Number.NaN))}×`);
    console.log(`${other.dialect} vs postgres (per row, with triggers): ${rows.join(', ')}`);
    console.log(`${other.dialect} vs postgres (API p50): ${api.join(', ')}`);
  }
}

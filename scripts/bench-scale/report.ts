/**
 * The printed results: one line per query, then the worst p95 and the failed checks; under it,
 * why each query took its time: the paths its list chose and the rows the database read (why.ts).
 */
import type { Dialect } from '../../apps/server/src/db/dialect.js';
import type { Timing } from './measure.js';

/** How the server obtained the total, as the list's footer says it. */
const TOTAL_PREFIX = { exact: '', about: '~', atLeast: '>' } as const;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

export function printTimings(title: string, timings: Timing[]): void {
  const rows = timings.map((t) => [
    t.query.screen,
    t.query.label,
    Number.isFinite(t.total) ? `${TOTAL_PREFIX[t.totalKind]}${t.total.toLocaleString('en')}` : '-',
    String(t.runs),
    ms(t.p50),
    ms(t.p95),
    t.peakMiB === undefined ? '-' : t.peakMiB.toFixed(0),
    t.problems.length > 0 ? `FAIL: ${t.problems.join('; ')}` : ['ok', ...t.notes].join('; '),
  ]);
  const header = ['screen', 'query', 'total', 'runs', 'p50 ms', 'p95 ms', 'peak MiB', 'check'];
  console.log(`\n${title}\n`);
  printTable(header, rows, new Set([2, 3, 4, 5, 6]));
  const worst = timings.reduce<Timing | undefined>((w, t) => (!w || t.p95 > w.p95 ? t : w), undefined);
  if (worst) console.log(`\nworst p95: ${ms(worst.p95)} ms (${worst.query.screen}: ${worst.query.label})`);
  const failed = timings.filter((t) => t.problems.length > 0).length;
  console.log(`checks: ${timings.length - failed} of ${timings.length} answers look right`);
}

/**
 * Per query: p50, p95, the page's and the total's paths and the rows the database read for
 * the list's statements (their sum, then each one's, named by its first table or `count`), or
 * on SQLite each statement's plan.
 */
export function printWhy(dialect: Dialect, timings: Timing[]): void {
  const sqlite = dialect === 'sqlite';
  const rows = timings.map((t) => {
    const why = t.why;
    const statements = why?.statements ?? [];
    const sum = statements.reduce((total, s) => total + (s.rowsRead ?? 0), 0);
    const each = statements
      .map((s) => `${s.name} ${s.rowsRead === null ? '?' : s.rowsRead.toLocaleString('en')}`)
      .join(' + ');
    const problems = [
      ...(why?.dropped ? [`${why.dropped} statements left off the trace`] : []),
      ...(why?.cut ? [`${why.cut} not counted (a parameter cut)`] : []),
      ...(why?.error ? [`error: ${why.error}`] : []),
    ];
    const rowsRead = sqlite ? 'n/a' : `${sum.toLocaleString('en')} (${each || 'no statement'})`;
    return [
      t.query.screen,
      t.query.label,
      ms(t.p50),
      ms(t.p95),
      why?.page.join(' ') ?? '-',
      why?.total.join(' ') ?? '-',
      [rowsRead, ...problems].join('; '),
      ...(sqlite ? [statements.map((s) => s.plan || s.name).join(' / ')] : []),
    ];
  });
  const header = [
    'screen',
    'query',
    'p50 ms',
    'p95 ms',
    'page path',
    'total',
    'rows read',
    ...(sqlite ? ['plan'] : []),
  ];
  console.log('\nwhy: the paths each list took and the rows the database read for its statements\n');
  printTable(header, rows, new Set([2, 3]));
  if (sqlite)
    console.log(
      "SQLite counts no rows per statement: each statement's plan instead (`/` between statements).",
    );
}

/** A Markdown table, `right` the columns aligned right. */
export function printTable(header: string[], rows: string[][], right: ReadonlySet<number>): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (right.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (right.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

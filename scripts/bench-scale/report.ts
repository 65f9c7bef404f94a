/** The printed results: one line per query, then the worst p95 and the failed checks. */
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
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i >= 2 && i <= 6 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i >= 2 && i <= 6 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
  const worst = timings.reduce<Timing | undefined>((w, t) => (!w || t.p95 > w.p95 ? t : w), undefined);
  if (worst) console.log(`\nworst p95: ${ms(worst.p95)} ms (${worst.query.screen}: ${worst.query.label})`);
  const failed = timings.filter((t) => t.problems.length > 0).length;
  console.log(`checks: ${timings.length - failed} of ${timings.length} answers look right`);
}

/**
 * Times one list query: a few untimed runs to warm the server's and the database's caches,
 * then timed runs one at a time (each from sending the request to having its JSON), and
 * checks the last answer against what the query says its rows must look like.
 */
import type { ListTotalKind } from '@portico/shared';
import { listPath, PAGE_SIZE } from './list-request.js';
import type { ListQuery, Row } from './queries.js';
import type { Why } from './why.js';

export interface Timing {
  query: ListQuery;
  runs: number;
  p50: number;
  p95: number;
  total: number;
  totalKind: ListTotalKind;
  problems: string[];
  /** The server's peak resident memory (MiB) once this query has run: which query raised it. */
  peakMiB?: number;
  /** Worth knowing but not wrong, e.g. rows without a value at the top of a sorted page. */
  notes: string[];
  /** The paths the list took and the rows the database read (why.ts). */
  why?: Why;
}

export interface MeasureSettings {
  base: string;
  token: string;
  runs: number;
  warmup: number;
  budgetSeconds: number;
}

interface ListAnswer {
  code: number;
  msg?: string;
  data?: { list?: Row[]; total?: number; totalKind?: ListTotalKind };
}

/** How far the database's estimate of a whole table may be from the seeded count. */
const ESTIMATE_TOLERANCE = 0.1;

const MIN_RUNS = 5;

export async function measure(query: ListQuery, settings: MeasureSettings): Promise<Timing> {
  const url = `${settings.base}${listPath(query.api, query.request)}`;
  const get = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { batoken: settings.token } });
    const answer = (await response.json()) as ListAnswer;
    return { ms: performance.now() - started, answer };
  };
  let last = await get();
  for (let i = 1; i < settings.warmup; i++) last = await get();
  const samples: number[] = [];
  const deadline = performance.now() + settings.budgetSeconds * 1000;
  while (samples.length < settings.runs && (samples.length < MIN_RUNS || performance.now() < deadline)) {
    last = await get();
    samples.push(last.ms);
  }
  return {
    query,
    runs: samples.length,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    total: Number(last.answer.data?.total ?? Number.NaN),
    totalKind: last.answer.data?.totalKind ?? 'exact',
    problems: check(query, last.answer),
    notes: notes(query, last.answer.data?.list ?? []),
  };
}

/** Nearest-rank percentile. */
export function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function check(query: ListQuery, answer: ListAnswer): string[] {
  if (answer.code !== 1) return [`answered code ${answer.code}: ${answer.msg ?? ''}`];
  const rows = answer.data?.list ?? [];
  const total = Number(answer.data?.total);
  const problems: string[] = [];
  const offset = ((query.request.page ?? 1) - 1) * PAGE_SIZE;
  if (!Number.isFinite(total)) problems.push('no total');
  const kind = answer.data?.totalKind ?? 'exact';
  problems.push(...totalProblems(query.total, total, kind));
  // An estimated or bounded total says nothing exact about the page's length: the seed does.
  const known = kind === 'exact' ? total : (query.total ?? total);
  const expectedRows = Math.max(0, Math.min(PAGE_SIZE, known - offset));
  // A search known to match nothing must answer no rows; any other must find some.
  if (rows.length === 0 && query.total !== 0) problems.push('no rows');
  else if (rows.length !== expectedRows) problems.push(`${rows.length} rows, expected ${expectedRows}`);
  if (query.firstId !== undefined && rows[0] && Number(rows[0].id) !== query.firstId)
    problems.push(`first id ${String(rows[0].id)}, expected ${query.firstId}`);
  const rule = query.row;
  const stray = rule ? rows.filter((row) => !rule(row)) : [];
  if (stray[0]) problems.push(`${stray.length} rows do not match, e.g. id ${String(stray[0].id)}`);
  if (query.sorted && !inOrder(rows, query.sorted.field, query.sorted.direction))
    problems.push(`not in ${query.sorted.field} ${query.sorted.direction} order`);
  return problems;
}

/** An exact total must be the seeded count; an estimate near it; a bound no more than it. */
function totalProblems(expected: number | undefined, total: number, kind: ListTotalKind): string[] {
  if (expected === undefined) return [];
  if (kind === 'exact' && total !== expected) return [`total ${total}, expected ${expected}`];
  if (kind === 'about' && Math.abs(total - expected) > expected * ESTIMATE_TOLERANCE)
    return [`estimated total ${total}, far from ${expected}`];
  if (kind === 'atLeast' && total > expected) return [`at least ${total}, but ${expected} match`];
  return [];
}

function inOrder(rows: Row[], field: string, direction: 'asc' | 'desc'): boolean {
  const values = rows
    .map((row) => row[field])
    .filter((v) => v !== null && v !== undefined)
    .map(Number);
  return values.every(
    (v, i) => i === 0 || (direction === 'asc' ? v >= (values[i - 1] ?? v) : v <= (values[i - 1] ?? v)),
  );
}

/** Where rows without a value go in a sort differs by dialect: PostgreSQL puts them first when descending. */
function notes(query: ListQuery, rows: Row[]): string[] {
  if (!query.sorted) return [];
  const field = query.sorted.field;
  const empty = rows.filter((row) => row[field] === null || row[field] === undefined).length;
  return empty > 0 ? [`${empty} of ${rows.length} rows have no ${field}`] : [];
}

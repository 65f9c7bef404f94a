/**
 * The statements one piece of work ran, and the choices it made, for the list trace
 * (crud/list-trace.ts, `PORTICO_LIST_TRACE`). A database opened with `traceStatements` gives
 * Kysely a log hook (statementLogger) that hands every finished statement to the trace of the
 * work that ran it. The trace is found through an AsyncLocalStorage, so a list's page and count,
 * run at once on two connections, land in the same request's trace and in no other request's.
 *
 * Off (the default), no database gets the hook and no AsyncLocalStorage exists: recording a
 * choice is one check of an unset variable, and Kysely runs its statements as it always does.
 * On, only the requests that ask are traced (crud/list-trace.ts), and between them the storage
 * is disabled.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

export interface TracedStatement {
  sql: string;
  parameters: readonly unknown[];
  /** Time the statement took, as Kysely measured it. */
  ms: number;
  /** When it started (performance.now()): the page and the count run at once and end in any order. */
  startedAt: number;
  /** The statement failed (the request then usually fails too). */
  failed?: boolean;
}

export interface StatementTrace {
  statements: TracedStatement[];
  /** What the code chose, by kind (`page`, `total`), in the order it chose. */
  choices: Record<string, string[]>;
}

/** Made by the first database opened with tracing; never otherwise. */
let traces: AsyncLocalStorage<StatementTrace> | undefined;

/** Kysely's `log` option for a traced database: keeps each statement in the running work's trace. */
export function statementLogger(): (event: LogEvent) => void {
  traces ??= new AsyncLocalStorage<StatementTrace>();
  const storage = traces;
  return (event) => {
    const trace = storage.getStore();
    if (!trace) return;
    const { sql, parameters } = event.query;
    const failed = event.level === 'error' ? { failed: true } : {};
    const ms = event.queryDurationMillis;
    trace.statements.push({ sql, parameters, ms, startedAt: performance.now() - ms, ...failed });
  };
}

/** Traced work running now. */
let running = 0;

/**
 * Runs `work` with a fresh trace that its statements and choices are kept in. Once no traced
 * work runs, the storage is disabled until the next: on Node 20 an enabled AsyncLocalStorage
 * hooks every promise the process makes, and the bench's timed requests, untraced, should not
 * pay for it.
 */
export async function traced<T>(work: () => Promise<T>): Promise<{ result: T; trace: StatementTrace }> {
  traces ??= new AsyncLocalStorage<StatementTrace>();
  const storage = traces;
  const trace: StatementTrace = { statements: [], choices: {} };
  running++;
  try {
    const result = await storage.run(trace, work);
    return { result, trace };
  } finally {
    running--;
    if (running === 0) storage.disable();
  }
}

/** Records a choice in the running work's trace; nothing when none runs (tracing off). */
export function traceChoice(kind: string, label: string): void {
  const trace = traces?.getStore();
  if (!trace) return;
  const kept = trace.choices[kind] ?? [];
  trace.choices[kind] = kept;
  kept.push(label);
}

/**
 * Why a list is slow, told by the list itself (`PORTICO_LIST_TRACE=1`, for `npm run
 * bench:scale`, docs/bench-scale.md). On a server started with the variable, a list request
 * sent with the header `x-portico-list-trace: 1` is answered with the same header holding what
 * its list did: the paths it chose, for the page (`tracePage`: `fts-order`, `postings(…)`,
 * `offset(…)` …) and for the total (`traceTotal`: `kept-count`, `window-count` …), and every
 * statement it ran with its parameters, in the order they started (db/statement-trace.ts), so that the bench can replay
 * them under the database's analyser. Only requests asking for it are traced: the bench's timed
 * requests run as a site's do.
 *
 * The header is deflated JSON in base64, at most MAX_HEADER_CHARS long (HTTP clients refuse
 * headers of 16 KiB and more): statements that do not fit are left off from the last, and the
 * trace says how many (`dropped`). A long parameter (SQLite's JSON array of up to 5,000 matching
 * ids) is cut, and its statement marked `cut`: it can still be planned, not replayed.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import { type StatementTrace, traceChoice, traced } from '../db/statement-trace.js';

export const LIST_TRACE_HEADER = 'x-portico-list-trace';

/** The encoded header's longest length. */
export const MAX_HEADER_CHARS = 8_000;

/** A text parameter longer than this is cut in the trace. */
const MAX_PARAMETER_CHARS = 1_000;

export interface ListTraceStatement {
  sql: string;
  parameters: unknown[];
  ms: number;
  failed?: boolean;
  /** A parameter was cut to fit the header: replaying it would not run the same statement. */
  cut?: boolean;
}

export interface ListTrace {
  page: string[];
  total: string[];
  statements: ListTraceStatement[];
  /** Statements left off the end to keep the header short. */
  dropped?: number;
}

/** How the page's rows were found and read. */
export function tracePage(label: string): void {
  traceChoice('page', label);
}

/** How the total was obtained. */
export function traceTotal(label: string): void {
  traceChoice('total', label);
}

/** Runs the list's `work`, traced when the server and the request both ask for it. */
export async function withListTrace<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T> {
  if (!db.traceStatements || request.headers[LIST_TRACE_HEADER] !== '1') return work();
  const { result, trace } = await traced(work);
  reply.header(LIST_TRACE_HEADER, encodeListTrace(trace));
  return result;
}

export function encodeListTrace(trace: StatementTrace): string {
  const started = [...trace.statements].sort((a, b) => a.startedAt - b.startedAt);
  const statements = started.map(wireStatement);
  const encode = (kept: ListTraceStatement[]) => {
    const dropped = statements.length - kept.length;
    const wire: ListTrace = {
      page: trace.choices.page ?? [],
      total: trace.choices.total ?? [],
      statements: kept,
      ...(dropped > 0 ? { dropped } : {}),
    };
    return deflateRawSync(JSON.stringify(wire)).toString('base64');
  };
  let kept = statements;
  let header = encode(kept);
  while (header.length > MAX_HEADER_CHARS && kept.length > 0) {
    kept = kept.slice(0, -1);
    header = encode(kept);
  }
  return header;
}

export function decodeListTrace(header: string): ListTrace {
  return JSON.parse(inflateRawSync(Buffer.from(header, 'base64')).toString('utf8')) as ListTrace;
}

function wireStatement(statement: StatementTrace['statements'][number]): ListTraceStatement {
  let cut = false;
  const parameters = statement.parameters.map((value) => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Uint8Array) {
      cut = true;
      return `<${value.length} bytes>`;
    }
    if (typeof value === 'string' && value.length > MAX_PARAMETER_CHARS) {
      cut = true;
      return `${value.slice(0, MAX_PARAMETER_CHARS)}…`;
    }
    return value;
  });
  return {
    sql: statement.sql,
    parameters,
    ms: Math.round(statement.ms * 10) / 10,
    ...(statement.failed ? { failed: true } : {}),
    ...(cut ? { cut: true } : {}),
  };
}

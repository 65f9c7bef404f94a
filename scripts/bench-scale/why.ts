/**
 * Why a query is as fast or as slow as it is: one more request of it, asking the server for
 * its list trace (`x-portico-list-trace`, apps/server/src/crud/list-trace.ts; the bench starts
 * the server with PORTICO_LIST_TRACE=1), answers the paths the list chose and the statements it
 * ran. Each statement is then replayed on a connection of the bench's own under the database's
 * analyser, which counts the rows it read (rows-read.ts); SQLite has no such counter and gives
 * its plan instead.
 */
import {
  decodeListTrace,
  LIST_TRACE_HEADER,
  type ListTraceStatement,
} from '../../apps/server/src/crud/list-trace.js';
import type { Dialect } from '../../apps/server/src/db/dialect.js';
import { loadSqliteDriver } from '../../apps/server/src/db/sqlite-driver.js';
import { listPath } from './list-request.js';
import type { ListQuery } from './queries.js';
import { mariadbRowsRead, postgresRowsRead, sqlitePlan } from './rows-read.js';

export interface ReplayedStatement {
  /** `count` for a count, else the first table it reads from. */
  name: string;
  /** Rows the database read; null on SQLite, or when a parameter was cut. */
  rowsRead: number | null;
  /** SQLite: the plan's access lines; '' elsewhere. */
  plan: string;
}

export interface Why {
  page: string[];
  total: string[];
  /** The list's reads in the order they started (its own EXPLAINs are left out). */
  statements: ReplayedStatement[];
  /** Statements the trace left off to keep its header short: neither planned nor counted. */
  dropped: number;
  /** Statements whose rows were not counted: a parameter was cut to fit the header. */
  cut: number;
  /** Something went wrong getting the trace or replaying; the timing stands. */
  error?: string;
}

/** Replays one statement under the database's analyser. */
interface Analyser {
  /** The database counts the rows a statement read (not SQLite). */
  counts: boolean;
  /** Rows read, or null when the dialect counts none. */
  rowsRead(statement: ListTraceStatement): Promise<number | null>;
  /** The plan's access lines (SQLite), or '' elsewhere. */
  plan(statement: ListTraceStatement): Promise<string>;
  close(): Promise<void>;
}

/** Only reads are replayed; the list's own EXPLAINs (estimates) read no rows. */
const REPLAYED = /^\s*(select|with)\b/i;

export async function why(query: ListQuery, base: string, token: string, analyser: Analyser): Promise<Why> {
  const response = await fetch(`${base}${listPath(query.api, query.request)}`, {
    headers: { batoken: token, [LIST_TRACE_HEADER]: '1' },
  });
  await response.arrayBuffer();
  const header = response.headers.get(LIST_TRACE_HEADER);
  if (!header) {
    return { page: [], total: [], statements: [], dropped: 0, cut: 0, error: 'no trace header' };
  }
  const trace = decodeListTrace(header);
  const statements: ReplayedStatement[] = [];
  const known = { page: trace.page, total: trace.total, statements, dropped: trace.dropped ?? 0 };
  let cut = 0;
  try {
    for (const statement of trace.statements.filter((s) => REPLAYED.test(s.sql))) {
      if (statement.cut && analyser.counts) cut++;
      statements.push({
        name: statementName(statement.sql),
        rowsRead: statement.cut ? null : await analyser.rowsRead(statement),
        plan: await analyser.plan(statement),
      });
    }
  } catch (error) {
    return { ...known, cut, error: error instanceof Error ? error.message : String(error) };
  }
  return { ...known, cut };
}

/** How the table of rows read names a statement: a count, or the first table it reads. */
function statementName(sql: string): string {
  if (/^\s*select count\(\*\) as ["`]total["`]/i.test(sql)) return 'count';
  return /\bfrom\s+["`]?(\w+)/i.exec(sql)?.[1] ?? 'select';
}

/** A connection of the bench's own to the run's database (`url`: the server's DATABASE_URL). */
export async function openAnalyser(dialect: Dialect, url: string): Promise<Analyser> {
  if (dialect === 'postgres') {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    return {
      counts: true,
      async rowsRead(statement) {
        const { rows } = await client.query(
          `explain (analyze, format json) ${statement.sql}`,
          statement.parameters as unknown[],
        );
        return postgresRowsRead((rows[0] as Record<string, unknown>)['QUERY PLAN']);
      },
      plan: async () => '',
      close: () => client.end(),
    };
  }
  if (dialect === 'mysql') {
    const { createConnection } = await import('mysql2/promise');
    const connection = await createConnection({ uri: url, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
    return {
      counts: true,
      async rowsRead(statement) {
        const [rows] = await connection.query(`analyze format=json ${statement.sql}`, statement.parameters);
        const [first] = rows as Record<string, unknown>[];
        return mariadbRowsRead(first ? Object.values(first)[0] : null);
      },
      plan: async () => '',
      close: () => connection.end(),
    };
  }
  const SQLite = await loadSqliteDriver();
  const database = new SQLite(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
  return {
    counts: false,
    rowsRead: async () => null,
    plan: async (statement) =>
      sqlitePlan(
        database.prepare(`explain query plan ${statement.sql}`).all(...statement.parameters) as {
          detail: string;
        }[],
      ),
    close: async () => {
      database.close();
    },
  };
}

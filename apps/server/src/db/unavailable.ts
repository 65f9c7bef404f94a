/**
 * Tells the errors that mean "the database cannot be reached right now" — it is restarting,
 * it or the network ended the connection, it refuses or does not answer new ones — from
 * every other failure. A request that meets one is answered 503 (try again later), not 500:
 * nothing is wrong with the request or the code, and the pools reconnect by themselves once
 * the database is back.
 */

/** How long a request waits for a database connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5000;

/** pg's error for a statement that got no answer within query_timeout (connection.ts). */
export const PG_READ_TIMEOUT = 'Query read timeout';

/** Thrown when no pooled connection became free within CONNECT_TIMEOUT_MS. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * PostgreSQL SQLSTATEs: class 08 is "connection exception"; 57P01 admin_shutdown (a restart
 * or pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), 53300 too_many_connections, 57014 query_canceled (the statement timeout:
 * the database is too slow to answer now).
 */
const PG_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const PG_CONNECTION_CLASS = /^08[0-9A-Z]{3}$/;

/** mysql2 codes: the connection lost or killed, the server shutting down or full. */
const MYSQL_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  // The statement timeout: MySQL's max_execution_time, and mysql2's own when no answer came.
  'ER_QUERY_TIMEOUT',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);

/** Node's socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** The drivers' own errors that carry no code, by their fixed messages. */
const DRIVER_MESSAGES = [
  // pg: the socket closed under a client (also "... unexpectedly", "... due to connection timeout")
  /^Connection terminated\b/,
  // pg-pool: no client became free in time
  /^timeout exceeded when trying to connect$/,
  // pg: a client that already lost its connection was asked for another query
  /^Client has encountered a connection error and is not queryable$/,
  // pg: no answer to a statement within query_timeout
  /^Query read timeout$/,
  // mysql2: a connection that already lost its server was asked for another query
  /^Can't add new command when connection is in closed state$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Follow wrapped causes and the attempts of a connection to several addresses.
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof DatabaseUnavailableError || matches(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** MariaDB's max_statement_time, which mysql2 knows by number only. */
const MARIADB_STATEMENT_TIMEOUT = 1969;

function matches(error: object): boolean {
  const { code, errno, message } = error as { code?: unknown; errno?: unknown; message?: unknown };
  if (errno === MARIADB_STATEMENT_TIMEOUT) return true;
  if (typeof code === 'string') {
    if (PG_STATES.has(code) || PG_CONNECTION_CLASS.test(code)) return true;
    if (MYSQL_CODES.has(code) || NETWORK_CODES.has(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Which errors count as "the database is away" (answered 503) and which stay ordinary
 * failures (500). The outage test meets the real ones; this pins the edges: errors of a
 * query or of the code must never be disguised as "try again later".
 */
import { expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/db/unavailable.js';

const withCode = (code: string, message = 'driver text') => Object.assign(new Error(message), { code });

it('recognises a database that went away, on either driver', () => {
  const away = [
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P03', 'the database system is starting up'),
    withCode('08006', 'connection failure'),
    withCode('PROTOCOL_CONNECTION_LOST'),
    withCode('ER_CONNECTION_KILLED', 'Connection was killed'),
    withCode('ECONNREFUSED'),
    withCode('ETIMEDOUT'),
    new Error('Connection terminated unexpectedly'),
    new Error('Connection terminated due to connection timeout'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error("Can't add new command when connection is in closed state"),
    new DatabaseUnavailableError('Timed out waiting for a MySQL connection'),
    // Node reports a refused connection to every address of a host together.
    new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    new Error('wrapped', { cause: withCode('57P01') }),
  ];
  expect(away.filter((error) => !isDatabaseUnavailable(error)).map(String)).toEqual([]);
});

it('leaves query errors and programming errors alone', () => {
  const ordinary = [
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('42P01', 'relation does not exist'),
    withCode('ER_DUP_ENTRY'),
    withCode('ER_LOCK_DEADLOCK'),
    withCode('SQLITE_CONSTRAINT_UNIQUE'),
    new TypeError("Cannot read properties of undefined (reading 'id')"),
    new Error('SELECT secret FROM ba_admin failed'),
    'a thrown string',
    null,
  ];
  expect(ordinary.filter((error) => isDatabaseUnavailable(error)).map(String)).toEqual([]);
});

/**
 * Kysely's SQLite driver prepares every query afresh; parsing the SQL costs about as much
 * as running a small indexed query. The same few hundred statements recur, so prepared
 * statements are kept by their SQL text. Kysely runs one query at a time on the single
 * SQLite connection, so a statement is never in use twice at once, and SQLite re-prepares
 * a kept statement by itself after a schema change.
 */
import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const MAX_STATEMENTS = 500;

export function withStatementCache(connection: SqliteConnection): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Refresh its place so the least recently used statement is evicted first.
        statements.delete(sql);
      } else {
        statement = connection.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

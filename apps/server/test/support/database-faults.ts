/**
 * Ends every connection to one test database from the outside, as a database restart or an
 * operator would (`pg_terminate_backend` on PostgreSQL, `KILL CONNECTION` on MySQL/MariaDB),
 * through an administrative connection of the test's own. The database service itself is
 * shared with other suites and is never stopped.
 */
import type { Dialect } from '../../src/db/dialect.js';

export interface ConnectionKiller {
  /** Ends every connection to the database; answers how many there were. */
  killAll(): Promise<number>;
  close(): Promise<void>;
}

export async function connectionKiller(
  dialect: Exclude<Dialect, 'sqlite'>,
  adminUrl: string,
  databaseName: string,
): Promise<ConnectionKiller> {
  if (dialect === 'postgres') {
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: adminUrl });
    await admin.connect();
    return {
      killAll: async () => {
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid()`,
          [databaseName],
        );
        return rows.filter((row) => row.ended).length;
      },
      close: () => admin.end(),
    };
  }
  const { createConnection } = await import('mysql2/promise');
  const admin = await createConnection(adminUrl);
  return {
    killAll: async () => {
      const [rows] = await admin.query(
        'select id from information_schema.processlist where db = ? and id <> connection_id()',
        [databaseName],
      );
      let ended = 0;
      for (const { id } of rows as { id: number }[]) {
        try {
          await admin.query(`KILL CONNECTION ${Number(id)}`);
          ended++;
        } catch {
          // The connection ended by itself between the listing and the kill.
        }
      }
      return ended;
    },
    close: () => admin.end(),
  };
}

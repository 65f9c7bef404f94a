/** Whether a driver error is a unique-key violation, as SQLite, MariaDB and PostgreSQL report it. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === '23505'
  );
}

/**
 * The better-sqlite3 build that works on the running Node. 12 (the optional dependency
 * `better-sqlite3`) aborts the process on Node 24 when the garbage collector frees a dropped
 * statement from a promise continuation (its destructor asks Node for an environment there is
 * none of at that moment), which a server does all the time; 13 (`better-sqlite3-napi`, built
 * on N-API) does not, but crashes on Node 20 and requires 22 or later. Both have the same API.
 */
import type BetterSqlite3 from 'better-sqlite3';

const FIRST_NODE_OF_THE_NAPI_BUILD = 22;

export async function loadSqliteDriver(): Promise<typeof BetterSqlite3> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= FIRST_NODE_OF_THE_NAPI_BUILD) {
    // Declared by the alias only: the package ships no types, its API is better-sqlite3's.
    const { default: driver } = (await import('better-sqlite3-napi' as string)) as {
      default: typeof BetterSqlite3;
    };
    return driver;
  }
  try {
    return (await import('better-sqlite3')).default;
  } catch (error) {
    throw new Error(
      `better-sqlite3 12, which SQLite needs on Node ${process.versions.node}, is not installed ` +
        '(an optional dependency: its build may have failed during npm ci). Install it, or run Node 22 or later.',
      { cause: error },
    );
  }
}

/**
 * Which SQL database the server talks to. Its own module because the migrations (and the
 * list queries) branch on it while connection.ts, which opens the database, imports the
 * migrations' table lists: declared in connection.ts, the migrations imported it back
 * (no import cycles: docs/architecture.md, "Layers"). A leaf: it imports nothing.
 */
export type Dialect = 'sqlite' | 'mysql' | 'postgres';

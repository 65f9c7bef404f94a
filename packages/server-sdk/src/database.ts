/**
 * The database: the request context's `db`, the Kysely table types, and the helpers that make
 * a write mean the same on the three databases.
 *
 * A module's or area's own tables join the `Database` type by augmenting `ModuleTables`:
 *
 *     declare module '@portico/server-sdk' {
 *       interface ModuleTables { checkin: CheckinTable }
 *     }
 *
 * after which `ctx.db.kysely.selectFrom('checkin')` and `registerResource({table: 'checkin'})`
 * are typed like the core's tables. List the same names in the definition's `tables` so the
 * configured prefix is added to them.
 */
export type { AppConfig } from '../../../apps/server/src/config.js';
export type { Db } from '../../../apps/server/src/db/connection.js';
/** The core's own tables (logical names): no area or module may design, alter or drop them. */
export { CORE_TABLES } from '../../../apps/server/src/db/core-tables.js';
export type { Dialect } from '../../../apps/server/src/db/dialect.js';
export { insertId } from '../../../apps/server/src/db/insert-id.js';
export type { Database, ModuleTables, TableName } from '../../../apps/server/src/db/schema.js';
/** After inserting rows with the keys they had (a restore): PostgreSQL's sequence moved past them. */
export { keepSerialAhead } from '../../../apps/server/src/db/serial-keys.js';
export { isUniqueViolation } from '../../../apps/server/src/db/unique-violation.js';

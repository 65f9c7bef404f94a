/**
 * Back-office resources: a management screen's server side declared once (table, list
 * whitelist, presentation, validation, writes) and turned into the generic actions
 * (docs/architecture.md, "List engine").
 */
export type { ListField, ListSpec } from '../../../apps/server/src/crud/list-params.js';
/** Escapes LIKE wildcards with `!` (write `escape '!'` after the pattern), as the list engine's own search does. */
export { escapeLike } from '../../../apps/server/src/crud/list-query.js';
export { idsOf } from '../../../apps/server/src/crud/list-schemas.js';
/** Any Kysely select, for a resource whose list query joins tables chosen at run time. */
export type { AnySelect } from '../../../apps/server/src/crud/query-types.js';
export {
  asObject,
  type RegisteredResource,
  type ResourceSpec,
  type Row,
  registeredResources,
  registerResource,
  runWrite,
} from '../../../apps/server/src/crud/resource.js';
export { deleteRowsById, updateFoundRow } from '../../../apps/server/src/crud/row-writes.js';
/**
 * The application's tables as the database describes them (the core's and those modules
 * declare): rules that name a table or a column at run time check it here before it goes into
 * SQL. `forgetAppTables` after a schema change outside migrations (a dropped table).
 */
export {
  forgetAppTables,
  requireColumn,
  requireTable,
  type TableInfo,
} from '../../../apps/server/src/crud/table-info.js';
/** Username, e-mail and mobile belong to one account each, checked the same on every table. */
export { assertUniqueAccount } from '../../../apps/server/src/crud/unique.js';
/**
 * A write's request and transaction; `WriteCaptures` is what may run around every resource's
 * deletes and edits, filled into `ctx.captures` by the one area that logs them.
 */
export type {
  DroppedTable,
  WriteCaptures,
  WriteContext,
} from '../../../apps/server/src/crud/write-context.js';

/**
 * Back-office resources: a management screen's server side declared once (table, list
 * whitelist, presentation, validation, writes) and turned into the generic actions
 * (docs/architecture.md, "List engine").
 */
export type { ListField, ListSpec } from '../../../apps/server/src/crud/list-params.js';
export {
  asObject,
  type ResourceSpec,
  type Row,
  registerResource,
  runWrite,
} from '../../../apps/server/src/crud/resource.js';
export { deleteRowsById, updateFoundRow } from '../../../apps/server/src/crud/row-writes.js';
/** Username, e-mail and mobile belong to one account each, checked the same on every table. */
export { assertUniqueAccount } from '../../../apps/server/src/crud/unique.js';
export type { WriteContext } from '../../../apps/server/src/crud/write-context.js';

/**
 * Routes and answers: the envelope, errors with their translated messages, input validation,
 * and the two route helpers (docs/architecture.md, "Request pipeline" and "Wire contract").
 */
export type { AppContext } from '../../../apps/server/src/context.js';
export { ok } from '../../../apps/server/src/http/envelope.js';
export { ApiError, Code, FieldError, fail } from '../../../apps/server/src/http/errors.js';
export {
  claimOnceKey,
  onceKeyOf,
  saveOnceAnswer,
  sweepOnceKeys,
} from '../../../apps/server/src/http/idempotency.js';
export type { CataloguedRoute } from '../../../apps/server/src/http/route-schema.js';
/**
 * `routeCatalogue` holds every route registered through `apiRoute`, with its schemas (the API
 * reference reads it); `catalogueRoute`: a route registered without the helpers (an event
 * stream) joins it.
 */
export {
  adminController,
  apiRoute,
  catalogueRoute,
  defineAction,
  routeCatalogue,
} from '../../../apps/server/src/http/routes.js';
export { checkNickname, input } from '../../../apps/server/src/http/validate.js';

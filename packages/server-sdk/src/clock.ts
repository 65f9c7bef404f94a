/** The one clock (tests move it) and the site's time zone. */

export { offsetAt } from '@portico/shared';
export { now } from '../../../apps/server/src/clock.js';

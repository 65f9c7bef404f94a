/**
 * The site as its settings describe it: where members and visitors land (the public home,
 * a content page when the administrator chose one).
 */
export { publicHomeUrl } from '../../../apps/server/src/features/config/index.js';

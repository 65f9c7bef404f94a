/**
 * What the content feature offers other features: the HTML sanitizer for bodies written in
 * the back-office and shown to visitors. The store's module descriptions are such bodies, and
 * one sanitizer means one list of what is allowed. And the site's public home, which is a
 * content page when an administrator chooses one.
 */

export { isPublishedPage, publicHomeUrl } from './public-home.js';
export { sanitizeBody } from './sanitize.js';

/**
 * HTML written in the back-office and shown to visitors (articles, module descriptions): the
 * one sanitizer, so there is one list of what is allowed; and text escaped to stand in HTML.
 */
export { escapeHtml } from '../../../apps/server/src/html/escape.js';
export { sanitizeBody } from '../../../apps/server/src/html/sanitize.js';

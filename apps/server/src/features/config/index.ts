/**
 * What the config feature offers other features: the cached settings reader every feature
 * is handed through the context, and the site and upload settings read from it. Mail, SMS,
 * uploads and both sign-in screens need these values; how they are stored and cached stays here.
 * And the site's public home (a content page when one is chosen), which the config screen checks.
 */

export { isPublishedPage, publicHomeUrl } from './public-home.js';
export type { Settings } from './settings.js';
export { siteConfig, uploadSettings } from './site-config.js';

/**
 * What the web feature offers other features: the type of the current web build on disk. The
 * terminal holds the build to have it look for a new start page once a command rebuilt the
 * web app.
 */
export type { WebBuild } from './web-build.js';

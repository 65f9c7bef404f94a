/**
 * @portico/server-sdk: everything a module or a built-in area may use of the server's core.
 * Areas (apps/server/src/areas/<name>) and installed modules (modules/<uid>) import the core
 * only through here and `@portico/shared`, so the core can move its files without breaking
 * them; `npm run lint:layers` refuses any other import of the core (docs/architecture.md,
 * "Module contract"). Each file of this package is one topic; add to it only what a module
 * needs and the core promises to keep.
 */
export * from './attachments.js';
export * from './clock.js';
export * from './database.js';
export * from './html.js';
export * from './http.js';
export * from './i18n.js';
export * from './identity.js';
export * from './ledger.js';
export * from './module.js';
export * from './module-packages.js';
export * from './resources.js';
export * from './rules.js';
export * from './site.js';
export * from './terminal.js';
export * from './two-factor.js';

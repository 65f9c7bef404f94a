export * from './envelope.js';
export * from './input-types.js';
export * from './integer-range.js';
export * from './list-page.js';
export * from './module.js';
export * from './store.js';
export * from './terminal.js';
export * from './validators.js';

export * from './envelope.js';
export * from './validators.js';

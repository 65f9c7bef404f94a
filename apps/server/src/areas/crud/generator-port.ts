/**
 * The generator as the endpoints use it: the one place naming './generator/index.js' (the
 * generator's own public entry, written apart from the endpoints), so a change of its
 * signatures shows here alone.
 */
export {
  type CheckedDesign,
  checkDesign,
  dropsOf,
  type GeneratedModule,
  generateModule,
  type PreviousGeneration,
  readPreviousGeneration,
} from './generator/index.js';

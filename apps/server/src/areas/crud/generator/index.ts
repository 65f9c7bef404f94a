/**
 * The CRUD generator: pure functions from a design (the original's wire shape,
 * @portico/shared/crud-design) to the files of a module on the SDK. The endpoints check a
 * design, read the package's previous generation, ask to confirm the drops, then write the files.
 */
import type { CheckedDesign } from './check-design.js';
import { dropsOf as dropsAgainst } from './design-diff.js';
import type { PreviousGeneration } from './generate.js';

export { type CheckedDesign, checkDesign, DESIGN_MESSAGES } from './check-design.js';
export { formatModule } from './format.js';
export { DESIGN_FILE, type GeneratedModule, generateModule, type PreviousGeneration } from './generate.js';
export { readPreviousGeneration } from './read-previous.js';
export { RESERVED_WORDS } from './reserved-words.js';

/** The columns generating `design` would drop from the table `previous` made. */
export function dropsOf(design: CheckedDesign, previous: PreviousGeneration | null): string[] {
  return dropsAgainst(design, previous?.design ?? null);
}

/**
 * The tree helper lives in util/tree.ts, a leaf the auth layer can import too. This re-export
 * keeps the feature folders' and the module contract's imports working while they move onto
 * the SDK; new code imports util/tree.ts.
 */
export { buildTree, descendantIds } from '../util/tree.js';

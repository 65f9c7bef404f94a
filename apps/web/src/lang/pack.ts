/**
 * The shape of a language pack: texts by namespace, then by key. Its own module because the
 * packs (core and modules') and the module contract declare themselves with it while
 * lang/index.ts loads the packs and the modules' registry: declared there, each imported it
 * back (no import cycles: docs/architecture.md, "Layers"). A leaf: it imports nothing.
 */
export type Pack = Record<string, Record<string, string>>;

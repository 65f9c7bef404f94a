/**
 * The server's clock. It lives apart from context.ts because the auth services and many
 * features need the time while context.ts needs their types: kept there, every one of them
 * imported context.ts back (no import cycles: docs/architecture.md, "Layers").
 */

/** Unix seconds now. One place so tests reason about time the same way the code does. */
export function now(): number {
  return Math.floor(Date.now() / 1000);
}

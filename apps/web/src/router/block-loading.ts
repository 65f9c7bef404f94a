/**
 * The full-page block-loading overlay is part of index.html, so it shows before any
 * script runs; it is removed once, about a second after the first navigation ends.
 */
let removed = false;

export function removeBlockLoading(delayMs: number): void {
  if (removed) return;
  removed = true;
  setTimeout(() => document.getElementById('block-loading')?.remove(), delayMs);
}

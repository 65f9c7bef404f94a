/**
 * The full-page block-loading overlay is part of index.html, so it shows before any
 * script runs; it is removed once, about a second after the first navigation ends, or at
 * once (`delayMs` 0) where the page is drawn complete.
 */
let removed = false;

export function removeBlockLoading(delayMs: number): void {
  if (removed) return;
  removed = true;
  const remove = () => document.getElementById('block-loading')?.remove();
  if (delayMs > 0) setTimeout(remove, delayMs);
  else remove();
}

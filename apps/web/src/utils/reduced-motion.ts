/**
 * Whether the visitor's system asks for less motion (`prefers-reduced-motion: reduce`, an
 * accessibility setting of every desktop and phone system). Followed as it changes.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

const asked = () => window.matchMedia(QUERY).matches;

/** Drawn at build time (src/prerender.tsx) no system asks: motion, antd's default. */
const askedOfNone = () => false;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, asked, askedOfNone);
}

/**
 * What a route of the table declares for the shell around it. Its own module because the
 * root shell reads it while the route table (index.tsx) mounts the shell: declared in the
 * table, the shell imported it back (no import cycles: docs/architecture.md, "Layers"). A leaf: it imports nothing.
 */
export interface RouteHandle {
  /** Translation key of the page title. */
  title?: string;
  /** Suppresses the first-load block overlay (public content pages). */
  noBlockLoading?: boolean;
}

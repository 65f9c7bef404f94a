/**
 * Sends a deep link to its area's loading route, carrying the original path in `url` and
 * the original query as JSON text in `query`, to be replayed once menus are loaded.
 */
import { Navigate, useLocation } from 'react-router';

export function loadingTarget(area: 'admin' | 'user', pathname: string, search: string): string {
  const query = Object.fromEntries(new URLSearchParams(search));
  const params = new URLSearchParams({ url: pathname, query: JSON.stringify(query) });
  return `/${area}/loading?${params}`;
}

export function ToLoading({ area }: { area: 'admin' | 'user' }) {
  const { pathname, search } = useLocation();
  return <Navigate to={loadingTarget(area, pathname, search)} replace />;
}

/** The target a loading route should replay, or null to go to the first menu. */
export function replayTarget(search: string, base: string): { path: string; search: string } | null {
  const params = new URLSearchParams(search);
  const url = params.get('url');
  if (!url || url === base || url === `${base}/` || !url.startsWith(`${base}/`)) return null;
  let query: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(params.get('query') ?? '{}');
    if (parsed && typeof parsed === 'object') query = parsed as Record<string, string>;
  } catch {
    // A hand-edited query is dropped rather than failing the whole boot.
  }
  return { path: url, search: new URLSearchParams(query).toString() };
}

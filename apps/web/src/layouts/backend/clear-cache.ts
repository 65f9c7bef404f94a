/** "Clear cache": the server's caches, the browser's storage (keeping sign-ins), or both. */
import { clearCache } from '../../api/backend';
import { ADMIN_INFO_STORAGE_KEY } from '../../stores/storage-keys';

/** What "Clean up browser cache" keeps: the administrator's sign-in and the market account. */
const KEPT_KEYS = [ADMIN_INFO_STORAGE_KEY, 'ba_account'];

function clearBrowserCache(): void {
  const kept = KEPT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

export type CacheKind = 'system' | 'browser' | 'all';

export async function clearCaches(kind: CacheKind): Promise<void> {
  if (kind !== 'browser') await clearCache(kind === 'all' ? 'all' : 'tp');
  if (kind !== 'system') {
    clearBrowserCache();
    location.reload();
  }
}

/** What /admin/index/index and /api/index/index tell about the site. Not persisted. */
import type { SiteConfig } from '@portico/shared';
import { create } from 'zustand';

interface SiteConfigStore extends SiteConfig {
  /** Whether the back-office has loaded its menus in this page view. */
  adminReady: boolean;
  set(config: Partial<SiteConfig & { adminReady: boolean }>): void;
}

export const useSiteConfig = create<SiteConfigStore>()((set) => ({
  siteName: '',
  recordNumber: '',
  version: '',
  cdnUrl: '',
  apiUrl: '',
  upload: { maxSize: 0, saveName: '', allowedSuffixes: '', allowedMimeTypes: '', mode: 'local' },
  // Blank until the server says: times are then shown in the browser's zone (utils/time.ts).
  timeZone: '',
  homeUrl: '/user',
  adminReady: false,
  set: (config) => set(config),
}));

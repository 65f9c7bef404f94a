/** What /admin/index/index and /api/index/index tell about the site. Not persisted. */
import { create } from 'zustand';

export interface SiteConfig {
  siteName: string;
  recordNumber: string;
  version: string;
  cdnUrl: string;
  apiUrl: string;
  upload: {
    maxSize: number;
    saveName: string;
    allowedSuffixes: string;
    allowedMimeTypes: string;
    mode: string;
  };
}

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
  adminReady: false,
  set: (config) => set(config),
}));

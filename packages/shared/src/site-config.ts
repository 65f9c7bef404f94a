/**
 * The site and upload settings the server hands the web at start (`siteConfig` of
 * `/admin/index/index`, `site` of `/api/index/index`). Shared so the server's reader of the
 * config rows and the web's stores and upload checks agree on the shape (docs/architecture.md, "Wire contract").
 */

export interface UploadSettings {
  maxSize: number;
  saveName: string;
  allowedSuffixes: string;
  allowedMimeTypes: string;
  mode: string;
}

export interface SiteConfig {
  siteName: string;
  recordNumber: string;
  version: string;
  cdnUrl: string;
  apiUrl: string;
  upload: UploadSettings;
  /** The `time_zone` setting (an IANA name): every time the web shows is in it. */
  timeZone: string;
  /** Where members and visitors go for the site's front: `/page/{id}` or the member centre `/user`. */
  homeUrl: string;
}

/** The site and upload settings the web app needs at start, read from config rows. */
import type { SiteConfig, UploadSettings } from '@portico/shared';
import type { Db } from '../../db/connection.js';
import { publicHomeUrl } from './public-home.js';
import type { Settings } from './settings.js';

export async function uploadSettings(settings: Settings): Promise<UploadSettings> {
  return {
    maxSize: parseSize(await settings.get('upload_max_size')) ?? 10 * 1024 * 1024,
    saveName: await settings.get('upload_save_name'),
    allowedSuffixes: await settings.get('upload_allowed_suffixes'),
    allowedMimeTypes: await settings.get('upload_allowed_mime_types'),
    mode: (await settings.get('upload_mode')) || 'local',
  };
}

export async function siteConfig(settings: Settings, db: Db): Promise<SiteConfig> {
  return {
    siteName: await settings.get('site_name'),
    recordNumber: await settings.get('record_number'),
    version: await settings.get('version'),
    cdnUrl: await settings.get('cdn_url'),
    apiUrl: await settings.get('api_url'),
    upload: await uploadSettings(settings),
    timeZone: (await settings.get('time_zone')) || 'UTC',
    homeUrl: await publicHomeUrl(db, settings),
  };
}

const UNITS: Record<string, number> = {
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};

/** '10mb' → bytes (1024-based, as the original); undefined when unreadable. */
function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = UNITS[(match[2] || 'b').toLowerCase()];
  return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit);
}

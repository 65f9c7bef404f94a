/**
 * The browser's checks before sending a file (the original's validation rules), against the upload settings
 * the server announced. The server checks again; these only spare a pointless upload.
 */
import type { SiteConfig } from '@portico/shared';

type UploadConfig = SiteConfig['upload'];

/** Answers the translation key of the first failed check, or null. */
export function uploadProblem(
  file: { name: string; size: number; type: string },
  config: UploadConfig,
): string | null {
  if (!file.name || !file.size) return 'utils.The data of the uploaded file is incomplete!';
  const suffix = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const type = file.type.toLowerCase();
  const allowed = (list: string, value: string) => {
    const entries = list
      .split(',')
      .map((entry) => entry.trim().toLowerCase().replace(/^\./, ''))
      .filter(Boolean);
    if (entries.length === 0 || entries.includes('*')) return true;
    return entries.some((entry) =>
      entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : entry === value || entry === type,
    );
  };
  if (
    !allowed(config.allowedSuffixes, suffix) ||
    (config.allowedMimeTypes && !allowed(config.allowedMimeTypes, type))
  ) {
    return 'utils.The type of uploaded file is not allowed!';
  }
  if (config.maxSize > 0 && file.size > config.maxSize)
    return 'utils.The size of the uploaded file exceeds the allowed range!';
  return null;
}

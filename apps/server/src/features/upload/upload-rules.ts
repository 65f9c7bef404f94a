/**
 * Whether an upload may be stored: its size, its extension and MIME type against the
 * configured lists, and for image extensions, content that really is a raster image. Files
 * that browsers would run (HTML, SVG, scripts) are refused whatever the lists say.
 */
import type { UploadSettings } from '@portico/shared';
import { ApiError } from '../../http/errors.js';
import { type ImageInfo, imageInfo } from './image-info.js';

const IMAGE_SUFFIXES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'ico']);
/** Never stored: a browser would render or run them from our origin. */
const ACTIVE_SUFFIXES = new Set([
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'js',
  'mjs',
  'css',
  'php',
  'phtml',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'pl',
  'py',
  'sh',
  'exe',
  'swf',
  'hta',
]);
const ACTIVE_MIME =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|(text|application)\/(x-)?(javascript|ecmascript)|(text|application)\/xml)$/;
const MIB = 1024 * 1024;

export interface CheckedUpload {
  suffix: string;
  image: ImageInfo | null;
}

/** Lower-case extension when it is plain letters and digits, else 'file'. */
function suffixOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const suffix = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return /^[a-z0-9]{1,10}$/.test(suffix) ? suffix : 'file';
}

function listed(list: string, value: string, mimetype: string): boolean {
  const entries = list
    .split(',')
    .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  if (entries.length === 0 || entries.includes('*')) return true;
  return entries.some((entry) =>
    entry.endsWith('/*') ? mimetype.startsWith(entry.slice(0, -1)) : entry === value || entry === mimetype,
  );
}

export function checkUpload(
  file: { name: string; mimetype: string; bytes: Buffer },
  settings: UploadSettings,
): CheckedUpload {
  const { bytes } = file;
  if (bytes.length > settings.maxSize) {
    throw new ApiError('The uploaded file is too large (%sMiB), Maximum file size:%sMiB', [
      (bytes.length / MIB).toFixed(2),
      (settings.maxSize / MIB).toFixed(2),
    ]);
  }
  const suffix = suffixOf(file.name);
  const mimetype = file.mimetype.toLowerCase();
  const allowed =
    !ACTIVE_SUFFIXES.has(suffix) &&
    !ACTIVE_MIME.test(mimetype) &&
    listed(settings.allowedSuffixes, suffix, mimetype) &&
    (settings.allowedMimeTypes.trim() === '' || listed(settings.allowedMimeTypes, mimetype, mimetype));
  if (!allowed) throw new ApiError('The uploaded file format is not allowed');

  const image = imageInfo(bytes);
  if ((IMAGE_SUFFIXES.has(suffix) || mimetype.startsWith('image/')) && !image) {
    throw new ApiError('The uploaded image file is not a valid image');
  }
  return { suffix, image };
}

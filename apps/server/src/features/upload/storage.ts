/**
 * Where uploads live: STORAGE_DIR (`<DATA_DIR>/storage` by default), served at `/storage/…`. The stored path comes
 * from the save-name template with the client's file name reduced to harmless characters,
 * and is checked to stay inside the storage folder.
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileOf, STORAGE_URL } from '../../util/storage-path.js';

export { fileOf, STORAGE_URL };

const DEFAULT_TEMPLATE = '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}';

/** The original name without its extension, cut down to safe characters (max 15). */
export function cleanBaseName(name: string, max = 15): string {
  const base = name.replace(/\.[^.]*$/, '');
  return base
    .replace(/<[^>]*>/g, '')
    .replace(/[\s:@#?&/\\=',+"<>*|%;]/g, '')
    .replace(/^\.+/, '')
    .slice(0, max);
}

/** The attachment's URL, e.g. /storage/default/20261122/photo<sha1>.jpg. */
export function savePath(
  template: string,
  parts: { topic: string; name: string; sha1: string; suffix: string; at: Date },
): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const { at } = parts;
  const values: Record<string, string> = {
    topic: parts.topic,
    year: String(at.getFullYear()),
    mon: pad(at.getMonth() + 1),
    day: pad(at.getDate()),
    hour: pad(at.getHours()),
    min: pad(at.getMinutes()),
    sec: pad(at.getSeconds()),
    random: Math.random().toString(36).slice(2, 10),
    random32: [0, 1, 2, 3].map(() => Math.random().toString(36).slice(2, 10)).join(''),
    fileName: cleanBaseName(parts.name),
    fileSha1: parts.sha1,
    suffix: parts.suffix,
    '.suffix': `.${parts.suffix}`,
  };
  const path = (template || DEFAULT_TEMPLATE).replace(
    /\{([.a-zA-Z0-9]+)\}/g,
    (whole, key: string) => values[key] ?? whole,
  );
  // Whatever the template says, the file lands under /storage/.
  const relative = path
    .replace(/^\/?storage\//, '')
    .replace(/\.\.+/g, '.')
    .replace(/^\/+/, '');
  return `${STORAGE_URL}${relative}`;
}

export async function saveFile(root: string, url: string, bytes: Buffer): Promise<void> {
  const file = fileOf(root, url);
  if (!file) throw new Error(`refusing to store outside ${root}: ${url}`);
  await mkdir(dirname(file), { recursive: true, mode: 0o755 });
  await writeFile(file, bytes, { mode: 0o644 });
}

export async function fileExists(root: string, url: string): Promise<boolean> {
  const file = fileOf(root, url);
  if (!file) return false;
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function removeFile(root: string, url: string): Promise<void> {
  const file = fileOf(root, url);
  if (file) await rm(file, { force: true });
}

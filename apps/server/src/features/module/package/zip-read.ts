/**
 * Unpacks an untrusted zip into a fresh folder. Every entry is checked before anything is
 * written: names with `..`, absolute or drive paths and backslashes are refused, so are links
 * and device files (unix mode in the external attributes), encrypted entries, more entries than
 * allowed and a declared unpacked size over the cap. Declared sizes are not trusted either:
 * bytes are counted while inflating, and an entry that inflates past its declared size, or a
 * package past the cap, stops the extraction at once.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeRelativePath } from '@portico/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ApiError, fail } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES as M } from './messages.js';
import { inside } from './paths.js';

export interface UnzipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

/** For packages uploaded by an administrator. */
export const UPLOAD_LIMITS: UnzipLimits = { maxEntries: 5_000, maxUnpackedBytes: 256 * 1024 * 1024 };
/** For the manager's own backups, which hold project files. */
export const BACKUP_LIMITS: UnzipLimits = { maxEntries: 100_000, maxUnpackedBytes: 4 * 1024 * 1024 * 1024 };

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** "Version made by" hosts whose external attributes carry a unix mode: Unix, OS X. */
const UNIX_HOSTS = new Set([3, 19]);

interface CheckedEntry {
  entry: Entry;
  path: string;
  isDirectory: boolean;
}

function entryName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
}

function checkEntry(entry: Entry): CheckedEntry {
  const name = entryName(entry);
  const isDirectory = name.endsWith('/');
  const path = isDirectory ? name.slice(0, -1) : name;
  if (!isSafeRelativePath(path)) fail(M.zipUnsafePath, name);
  if (UNIX_HOSTS.has(entry.versionMadeBy >> 8)) {
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) fail(M.zipLink, name);
  }
  if (entry.isEncrypted()) fail(M.zipDamaged);
  return { entry, path, isDirectory };
}

async function readAllEntries(zip: ZipFile, limits: UnzipLimits): Promise<CheckedEntry[]> {
  if (zip.entryCount > limits.maxEntries) fail(M.zipTooManyEntries, limits.maxEntries);
  const checked: CheckedEntry[] = [];
  let declared = 0;
  await new Promise<void>((resolvePromise, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolvePromise());
    zip.on('entry', (entry: Entry) => {
      try {
        checked.push(checkEntry(entry));
        declared += entry.uncompressedSize;
        if (declared > limits.maxUnpackedBytes) fail(M.zipTooLarge, megabytes(limits));
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.readEntry();
  });
  return checked;
}

const megabytes = (limits: UnzipLimits) => Math.floor(limits.maxUnpackedBytes / 1024 / 1024);

/** Counts inflated bytes and stops at the entry's declared size and at the package cap. */
function byteCounter(declaredSize: number, budget: { left: number }, limits: UnzipLimits): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0) return callback(new ApiError(M.zipTooLarge, [megabytes(limits)]));
      if (seen > declaredSize) return callback(new ApiError(M.zipDamaged));
      callback(null, chunk);
    },
  });
}

/**
 * Unpacks `zipPath` into `destDir`, which must not exist yet; on any refusal the folder is
 * removed again, so nothing is left behind. Answers the relative paths of the files written.
 */
export async function safeUnzip(zipPath: string, destDir: string, limits: UnzipLimits): Promise<string[]> {
  let zip: ZipFile | undefined;
  await mkdir(destDir, { recursive: false });
  try {
    zip = await yauzl
      .openPromise(zipPath, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: false,
      })
      .catch(() => fail(M.zipDamaged));
    const entries = await readAllEntries(zip, limits);
    const budget = { left: limits.maxUnpackedBytes };
    const written: string[] = [];
    for (const { entry, path, isDirectory } of entries) {
      const target = inside(destDir, path);
      if (isDirectory) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(dirname(target), { recursive: true });
      const source = await zip.openReadStreamPromise(entry);
      // 'wx': a second entry of the same name is refused rather than written over the first.
      await pipeline(
        source,
        byteCounter(entry.uncompressedSize, budget, limits),
        createWriteStream(target, { flags: 'wx' }),
      );
      written.push(path);
    }
    return written;
  } catch (error) {
    await rm(destDir, { recursive: true, force: true });
    if (error instanceof ApiError) throw error;
    return fail(M.zipDamaged);
  } finally {
    zip?.close();
  }
}

/**
 * The file side of bringing the original's uploads over: finding the old site's `storage`
 * folder, walking it without following a link, and copying one file into STORAGE_DIR without
 * ever overwriting what is there or writing through a link. files.ts decides what to copy and
 * checks the attachment rows afterwards.
 *
 * Nothing outside `<old public folder>/storage` is read: links (to files or folders) are skipped,
 * each folder is checked to be where the walk expects it before it is read (a folder swapped
 * for a link meanwhile is refused), and a file is opened with O_NOFOLLOW. Nothing outside
 * STORAGE_DIR is written: folders are made one level at a time and must be real folders, and
 * a file is written aside (exclusively) and renamed into a name nothing holds.
 */
import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TakeoverRefused } from './takeover-refused.js';

/** What a file holds, as the original's attachment rows record it. */
export interface Digest {
  sha1: string;
  size: number;
}

/** An entry of the old storage, by its path relative to that folder (with `/`). */
export type OldEntry = { path: string; kind: 'file' } | { path: string; kind: 'link' | 'hidden' | 'special' };

/**
 * `<folder>/storage` as a real folder, or a refusal saying what to give instead. Called before a
 * takeover starts, so a wrong folder changes nothing.
 */
export async function oldStorageOf(folder: string): Promise<string> {
  const storage = join(folder, 'storage');
  const info = await lstat(storage).catch(() => undefined);
  if (!info) {
    throw new TakeoverRefused(
      `No storage folder in ${folder}: give the old site's public folder (the one holding storage/). Nothing was changed.`,
    );
  }
  if (info.isSymbolicLink()) {
    throw new TakeoverRefused(
      `${storage} is a link: Portico follows no link in the old site's files. Copy what it points to into a real ` +
        `folder named storage and give that folder's parent. Nothing was changed.`,
    );
  }
  if (!info.isDirectory()) throw new TakeoverRefused(`${storage} is not a folder. Nothing was changed.`);
  return realpath(storage);
}

/**
 * Every entry under the old storage, depth first. Hidden names (a leading dot) are not copied:
 * Portico keeps private folders of its own under STORAGE_DIR (`.store-packages`) and never serves
 * a dot-segment, and the original put no upload there.
 */
export async function* walkOldStorage(root: string, path = ''): AsyncGenerator<OldEntry> {
  const folder = join(root, path);
  // The folder must still be where the walk found it, not a link put in its place since.
  if ((await realpath(folder)) !== folder) {
    yield { path, kind: 'link' };
    return;
  }
  const entries = await readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const entryPath = path ? `${path}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.')) yield { path: entryPath, kind: 'hidden' };
    else if (entry.isSymbolicLink()) yield { path: entryPath, kind: 'link' };
    else if (entry.isDirectory()) yield* walkOldStorage(root, entryPath);
    else if (entry.isFile()) yield { path: entryPath, kind: 'file' };
    else yield { path: entryPath, kind: 'special' };
  }
}

/** The digest of a file, read without following a link (null when it is not a plain file). */
export async function digestOf(file: string): Promise<Digest | null> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return null;
  try {
    if (!(await handle.stat()).isFile()) return null;
    const hash = createHash('sha1');
    let size = 0;
    for await (const chunk of handle.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    return { sha1: hash.digest('hex'), size };
  } finally {
    await handle.close();
  }
}

export type CopyOutcome =
  | { result: 'copied'; digest: Digest }
  | { result: 'same'; digest: Digest }
  | { result: 'kept'; digest: Digest | null };

/**
 * Copies `source` to `target` (inside `targetRoot`, a real path) unless something is there: an
 * identical file is 'same', anything else is 'kept' as it is, the old file left uncopied.
 */
export async function copyInto(source: string, targetRoot: string, target: string): Promise<CopyOutcome> {
  const existing = await lstat(target).catch(() => undefined);
  if (existing) {
    const there = existing.isFile() ? await digestOf(target) : null;
    const old = await digestOf(source);
    if (there && old && there.sha1 === old.sha1 && there.size === old.size)
      return { result: 'same', digest: there };
    return { result: 'kept', digest: there };
  }
  await makeFolders(targetRoot, dirname(target));
  const aside = `${target}.takeover-${process.pid}.tmp`;
  const input = await open(source, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    if (!(await input.stat()).isFile()) throw new Error('not a plain file');
    const hash = createHash('sha1');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(
      createReadStream('', { fd: input, autoClose: false }),
      count,
      createWriteStream(aside, { flags: 'wx', mode: 0o644 }),
    );
    // Checked again just before: an upload made meanwhile at this name is never replaced.
    if (await lstat(target).catch(() => undefined)) {
      await rm(aside, { force: true });
      return copyInto(source, targetRoot, target);
    }
    await rename(aside, target);
    return { result: 'copied', digest: { sha1: hash.digest('hex'), size } };
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  } finally {
    await input.close();
  }
}

/** Makes `folder` under `root` one level at a time, refusing any level that is not a real folder. */
async function makeFolders(root: string, folder: string): Promise<void> {
  const levels = relative(root, folder).split(sep).filter(Boolean);
  let path = root;
  for (const level of levels) {
    path = join(path, level);
    await mkdir(path, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const info = await lstat(path);
    if (!info.isDirectory() || info.isSymbolicLink())
      throw new Error(
        `${path} in STORAGE_DIR is not a folder (a file or a link); nothing is written through it`,
      );
  }
}

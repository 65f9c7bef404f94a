/**
 * The original's uploaded files brought over with its database: everything under the old site's
 * `public/storage/` is copied into STORAGE_DIR at the same path (the original saved an upload at
 * `public` + its URL, Portico serves `/storage/x` from `<STORAGE_DIR>/x`: util/storage-path.ts),
 * then every attachment row is checked against the file Portico will serve for it.
 *
 * Never destructive: a file Portico already has is never replaced. An identical one counts as
 * already there (so a second run copies only what is still missing); a different one is kept
 * and named in the report, the old file left where it is for the operator to judge. Nothing here
 * fails a takeover: what could not be copied or does not match is reported (docs/takeover.md).
 */
import { mkdir, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileOf, STORAGE_URL } from '../../util/storage-path.js';
import type { Db } from '../connection.js';
import { copyInto, type Digest, digestOf, oldStorageOf, walkOldStorage } from './file-copy.js';
import { TakeoverRefused } from './takeover-refused.js';

export interface OldFiles {
  /** The old site's public folder (the one holding `storage/`). */
  from: string;
  /** Portico's upload storage (STORAGE_DIR). */
  storageDir: string;
}

export interface FilesReport {
  /** The old storage folder read, and the folder written. */
  source: string;
  target: string;
  /** URLs of the files copied by this run. */
  copied: string[];
  /** How many old files Portico already had, identical. */
  alreadyThere: number;
  /** Old files not copied because Portico already holds something else at their path (kept as it is). */
  kept: string[];
  /** Old entries not followed or not copied: links, hidden names, devices and sockets. */
  skipped: { url: string; reason: 'link' | 'hidden' | 'special' }[];
  /** Old files that could not be copied, with the reason. */
  failed: { url: string; reason: string }[];
  /** Attachment rows whose file Portico does not have. */
  missing: { id: number; url: string }[];
  /** Attachment rows whose file differs from the SHA-1 or size the row records. */
  different: { id: number; url: string; expected: Digest; found: Digest }[];
  /** Attachment rows not in local storage (a cloud storage module's, or a URL outside /storage/): not checked. */
  elsewhere: { id: number; url: string; storage: string }[];
}

/** Checks the old site's folder before anything changes; throws TakeoverRefused with what to do. */
export async function checkOldFiles(files: OldFiles): Promise<void> {
  await sourceAndTarget(files);
}

/** Copies what is missing, then checks every attachment row; answers what happened. */
export async function copyOldFiles(db: Db, files: OldFiles): Promise<FilesReport> {
  await mkdir(files.storageDir, { recursive: true, mode: 0o755 });
  const { source, target } = await sourceAndTarget(files);
  const report: FilesReport = {
    source,
    target,
    copied: [],
    alreadyThere: 0,
    kept: [],
    skipped: [],
    failed: [],
    missing: [],
    different: [],
    elsewhere: [],
  };
  // What Portico's copy of each file holds, so a file just copied or compared is not read again.
  const digests = new Map<string, Digest | null>();
  // The same folder (STORAGE_DIR pointed at the old storage): every file is in place already.
  if (source !== target) await copyAll(source, target, report, digests);

  const rows = await db.kysely
    .selectFrom('attachment')
    .select(['id', 'url', 'sha1', 'size', 'storage'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const file = fileOf(target, row.url);
    if (row.storage !== 'local' || !file) {
      report.elsewhere.push({ id: row.id, url: row.url, storage: row.storage });
      continue;
    }
    if (!digests.has(file)) digests.set(file, await digestOf(file));
    const found = digests.get(file);
    if (!found) report.missing.push({ id: row.id, url: row.url });
    else if ((row.sha1 && row.sha1.toLowerCase() !== found.sha1) || Number(row.size) !== found.size)
      report.different.push({
        id: row.id,
        url: row.url,
        expected: { sha1: row.sha1, size: Number(row.size) },
        found,
      });
  }
  return report;
}

async function copyAll(
  source: string,
  target: string,
  report: FilesReport,
  digests: Map<string, Digest | null>,
): Promise<void> {
  for await (const entry of walkOldStorage(source)) {
    const url = `${STORAGE_URL}${entry.path}`;
    if (entry.kind !== 'file') {
      report.skipped.push({ url, reason: entry.kind });
      continue;
    }
    const file = fileOf(target, url);
    if (!file) {
      report.failed.push({ url, reason: 'its name would leave STORAGE_DIR' });
      continue;
    }
    try {
      const outcome = await copyInto(join(source, entry.path), target, file);
      digests.set(file, outcome.digest);
      if (outcome.result === 'copied') report.copied.push(url);
      else if (outcome.result === 'same') report.alreadyThere++;
      else report.kept.push(url);
    } catch (error) {
      report.failed.push({ url, reason: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** The real old storage folder and STORAGE_DIR, refused when one lies inside the other. */
async function sourceAndTarget(files: OldFiles): Promise<{ source: string; target: string }> {
  const source = await oldStorageOf(files.from);
  const target = await realpath(files.storageDir).catch(() => files.storageDir);
  const inside = (a: string, b: string) => a.startsWith(b + sep);
  if (inside(target, source) || inside(source, target)) {
    throw new TakeoverRefused(
      `The old storage (${source}) and STORAGE_DIR (${target}) lie one inside the other: copying would ` +
        'copy files into themselves. Give STORAGE_DIR a folder of its own, or the old storage folder itself. ' +
        'Nothing was changed.',
    );
  }
  return { source, target };
}

/** The report in lines, for the command and the server log; long lists are cut after `limit`. */
export function describeFilesReport(report: FilesReport, limit = 50): string[] {
  const lines = [
    `Files: from ${report.source} to ${report.target}: ${report.copied.length} copied, ` +
      `${report.alreadyThere} already there.`,
  ];
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items.slice(0, limit)) lines.push(`  ${item}`);
    if (items.length > limit) lines.push(`  … and ${items.length - limit} more`);
  };
  list(
    'Missing: attachment rows whose file Portico does not have (not in the old storage either, or skipped or failed below)',
    report.missing.map((row) => `#${row.id} ${row.url}`),
  );
  list(
    'Different: attachment rows whose file does not match the recorded SHA-1 or size',
    report.different.map(
      (row) =>
        `#${row.id} ${row.url}: recorded ${row.expected.sha1 || '(no sha1)'} ${row.expected.size} bytes, ` +
        `found ${row.found.sha1} ${row.found.size} bytes`,
    ),
  );
  list('Kept: Portico already has a different file at these paths; the old one was not copied', report.kept);
  list(
    'Failed: could not be copied',
    report.failed.map((item) => `${item.url}: ${item.reason}`),
  );
  list(
    'Skipped: links, hidden names and special files are never followed or copied',
    report.skipped.map((item) => `${item.url} (${item.reason})`),
  );
  list(
    'Not checked: attachment rows stored elsewhere (not local, or not under /storage/)',
    report.elsewhere.map((row) => `#${row.id} ${row.url} (${row.storage})`),
  );
  return lines;
}

/**
 * A CRUD record's generated module as a package zip the module installer accepts (as an
 * upload, or as a version published in the store): `module.json`, the design it was made from,
 * the package's tsconfig.json and every file it mirrors into the project, read from
 * `modules/<uid>/`. Only a table's newest successful record, while the generator's module is
 * still there, has a package: an older record's design is not what the folder holds.
 */
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, type AppContext, listPackageFiles, moduleDir, writeBackupZip } from '@portico/server-sdk';
import { type DecodedLog, newestSuccessId } from './crud-log.js';
import { DESIGN_FILE } from './generator/index.js';
import { MESSAGES } from './lang.js';
import { checkedTableName, isGeneratedModule } from './table-access.js';

/** Files at the package's top that travel with it besides module.json, when present. */
const TOP_FILES = ['tsconfig.json', DESIGN_FILE];

/** The record's module uid when it has a package (see the file comment); refused with the reason otherwise. */
export async function requirePackageOf(ctx: AppContext, log: DecodedLog): Promise<string> {
  const uid = checkedTableName(log.table.name ?? log.table_name);
  // A record whose code was deleted, or whose module left otherwise (uninstalled).
  if (log.status === 'delete' || (log.status === 'success' && !(await isGeneratedModule(ctx, uid))))
    throw new ApiError(MESSAGES.moduleGone, [uid]);
  if (log.status !== 'success') throw new ApiError(MESSAGES.noPackage);
  const newest = await newestSuccessId(ctx, log.table_name);
  if (newest !== log.id) throw new ApiError(MESSAGES.recordReplaced, [String(log.id), String(newest)]);
  return uid;
}

/** Which records of a page have a package, as `requirePackageOf` would find (without refusing). */
export async function recordsWithPackage(ctx: AppContext, logs: readonly DecodedLog[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const table of new Set(logs.filter((log) => log.status === 'success').map((log) => log.table_name))) {
    const newest = await newestSuccessId(ctx, table);
    const log = logs.find((candidate) => candidate.id === newest);
    if (!log) continue;
    try {
      await requirePackageOf(ctx, log);
      found.add(newest);
    } catch {
      // No package: the row says so by its flag.
    }
  }
  return found;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export interface ModulePackage {
  uid: string;
  version: string;
  /** The zip, in a temporary folder removed when `use` is done. */
  zip: string;
}

/** Packs `modules/<uid>/` into a zip for `use`, then removes it. */
export async function withModulePackage<T>(
  ctx: AppContext,
  uid: string,
  use: (pkg: ModulePackage) => Promise<T>,
): Promise<T> {
  const folder = moduleDir(ctx.config.projectDir, uid);
  const info = JSON.parse(await readFile(join(folder, 'module.json'), 'utf8')) as { version?: unknown };
  const top: string[] = [];
  for (const file of TOP_FILES) if (await exists(join(folder, file))) top.push(file);
  const files = ['module.json', ...top, ...(await listPackageFiles(ctx.config.projectDir, uid))];
  const temp = await mkdtemp(join(tmpdir(), 'portico-crud-package-'));
  try {
    const version = typeof info.version === 'string' ? info.version : '';
    const zip = join(temp, `${uid}-${version}.zip`);
    await writeBackupZip(folder, zip, files);
    return await use({ uid, version, zip });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * Where a module lives on disk. Everything takes the project directory as a parameter (tests
 * use scratch projects), and every path built from package content is checked to stay inside it.
 *
 * Layout (the original's, translated to Node; mirror folders, docs/architecture.md "Module contract"):
 *   modules/<uid>/module.json      the package's description
 *   modules/<uid>/.state.json      written by the manager: state and wait flags
 *   modules/<uid>/.runtime.json    the files copied into the project at enable, with sizes and hashes
 *   modules/<uid>/apps/..., docs/...   mirror folders: `modules/<uid>/<path>` is copied to `<path>`
 *                                  in the project, e.g. `apps/server/src/modules/<uid>/index.ts`.
 *   modules/<uid>/packages/shared/src/modules/<uid>/   the module's wire types, imported by both
 *                                  sides as `@portico/shared/modules/<uid>`.
 *   modules/backups/<uid>-install.zip, <uid>-cover-<ts>.zip, <uid>-disable-<ts>.zip
 * One rule (same path in the package as in the project) keeps a package readable and lets a module
 * override any project file under `apps/` or `docs/`, which is what the conflict decisions are for.
 * The workspace package.json files are never copied: dependencies go through module.json.
 */
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ModuleWorkspace } from '@portico/shared';
import { fail } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES } from './messages.js';

export const MODULES_DIR = 'modules';
export const BACKUPS_DIR = 'backups';
export const INFO_FILE = 'module.json';
export const STATE_FILE = '.state.json';
export const RUNTIME_FILE = '.runtime.json';
/** Top folders of a package that are mirrored into the project. */
export const MIRROR_ROOTS = ['apps', 'docs', 'packages/shared/src/modules'] as const;
export const WORKSPACE_PACKAGE_FILES: Record<ModuleWorkspace, string> = {
  server: 'apps/server/package.json',
  web: 'apps/web/package.json',
};

/** Package files that are never mirrored: the package manager owns them. */
export function isManagedProjectFile(path: string): boolean {
  return /^apps\/[^/]+\/(package\.json|package-lock\.json)$/.test(path) || path === 'package.json';
}

export const modulesRoot = (projectDir: string) => join(projectDir, MODULES_DIR);
export const moduleDir = (projectDir: string, uid: string) => join(projectDir, MODULES_DIR, uid);
export const backupsDir = (projectDir: string) => join(projectDir, MODULES_DIR, BACKUPS_DIR);

/** `<base>/<rel>`, refusing any relative path that would leave `base`. */
export function inside(base: string, rel: string): string {
  const full = resolve(base, rel);
  const back = relative(resolve(base), full);
  if (back === '' || back.startsWith(`..${sep}`) || back === '..' || isAbsolute(back))
    fail(MODULE_PACKAGE_MESSAGES.zipUnsafePath, rel);
  return full;
}

/** A timestamp for backup names, YmdHis in UTC like the original's. */
export function backupStamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

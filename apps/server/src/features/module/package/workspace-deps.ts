/**
 * A module's packages in the workspace package.json files (apps/server, apps/web): which
 * conflict with what is there, merging them in on enable and taking them out on disable.
 * The files keep npm's own format (2-space JSON, final newline) so npm leaves them as written.
 */
import { readFile, writeFile } from 'node:fs/promises';
import {
  MODULE_DEPENDENCY_ENVS,
  type ModuleConflictDecisions,
  type ModuleDependConflict,
  type ModuleDependencyEnv,
  type ModuleDisableDepend,
  type ModuleInfo,
  type ModuleWorkspace,
} from '@portico/shared';
import { fail } from '../../../http/errors.js';
import { MODULE_PACKAGE_MESSAGES } from './messages.js';
import { inside, WORKSPACE_PACKAGE_FILES } from './paths.js';

type PackageJson = Record<string, unknown> & {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
type Section = 'dependencies' | 'devDependencies';

/** What a workspace had for a package before the module changed it (range null: absent). */
export interface PreviousDependency {
  range: string | null;
  section: Section | null;
}
/** The packages an apply added or changed, per env, with what was there before. */
export type DependencyRecord = Partial<Record<ModuleDependencyEnv, Record<string, PreviousDependency>>>;

export interface DependencyPlan {
  changes: Map<ModuleWorkspace, PackageJson>;
  previous: DependencyRecord;
}

const ENVS = Object.keys(MODULE_DEPENDENCY_ENVS) as ModuleDependencyEnv[];

async function readPackageJson(projectDir: string, workspace: ModuleWorkspace): Promise<PackageJson> {
  const path = WORKSPACE_PACKAGE_FILES[workspace];
  try {
    const parsed = JSON.parse(await readFile(inside(projectDir, path), 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
  } catch {}
  return fail(MODULE_PACKAGE_MESSAGES.projectFileMissing, path);
}

async function writePackageJson(
  projectDir: string,
  workspace: ModuleWorkspace,
  body: PackageJson,
): Promise<void> {
  await writeFile(
    inside(projectDir, WORKSPACE_PACKAGE_FILES[workspace]),
    `${JSON.stringify(body, null, 2)}\n`,
  );
}

/** The module's wanted packages of one env: name → range. */
function wanted(info: ModuleInfo, env: ModuleDependencyEnv): Record<string, string> {
  const { workspace, section } = MODULE_DEPENDENCY_ENVS[env];
  return info[workspace][section];
}

/** Where a package already is in a workspace, whichever section holds it. */
function present(pkg: PackageJson, name: string): string | undefined {
  return pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
}

/** Packages the module wants that the workspace already has with another version. */
export async function findDependConflicts(
  projectDir: string,
  info: ModuleInfo,
): Promise<ModuleDependConflict[]> {
  const conflicts: ModuleDependConflict[] = [];
  for (const env of ENVS) {
    const entries = Object.entries(wanted(info, env));
    if (entries.length === 0) continue;
    const pkg = await readPackageJson(projectDir, MODULE_DEPENDENCY_ENVS[env].workspace);
    for (const [name, range] of entries) {
      const old = present(pkg, name);
      if (old !== undefined && old !== range)
        conflicts.push({
          env,
          newDepend: `${name} ${range}`,
          oldDepend: `${name} ${old}`,
          depend: name,
          solution: 'cover',
        });
    }
  }
  return conflicts;
}

/** The package.json files a merge would change (to back them up before writing), and what it replaces. */
export async function plannedDependencyChanges(
  projectDir: string,
  info: ModuleInfo,
  decisions: ModuleConflictDecisions | undefined,
): Promise<DependencyPlan> {
  const changes = new Map<ModuleWorkspace, PackageJson>();
  const previous: DependencyRecord = {};
  for (const env of ENVS) {
    const { workspace, section } = MODULE_DEPENDENCY_ENVS[env];
    const entries = Object.entries(wanted(info, env));
    if (entries.length === 0) continue;
    const pkg = changes.get(workspace) ?? (await readPackageJson(projectDir, workspace));
    let dirty = changes.has(workspace);
    for (const [name, range] of entries) {
      if (decisions?.dependConflict?.[env]?.[name] === 'discard') continue;
      if (pkg[section]?.[name] === range) continue;
      const before = sectionOf(pkg, name);
      previous[env] = {
        ...previous[env],
        [name]: { range: before ? (pkg[before]?.[name] ?? null) : null, section: before },
      };
      // The package moves to the section the module asks for rather than being listed twice.
      const other = section === 'dependencies' ? 'devDependencies' : 'dependencies';
      if (pkg[other] && name in pkg[other]) delete pkg[other][name];
      pkg[section] = sortedKeys({ ...pkg[section], [name]: range });
      dirty = true;
    }
    if (dirty) changes.set(workspace, pkg);
  }
  return { changes, previous };
}

function sectionOf(pkg: PackageJson, name: string): Section | null {
  if (pkg.dependencies && name in pkg.dependencies) return 'dependencies';
  if (pkg.devDependencies && name in pkg.devDependencies) return 'devDependencies';
  return null;
}

export async function writeDependencyChanges(
  projectDir: string,
  changes: Map<ModuleWorkspace, PackageJson>,
): Promise<void> {
  for (const [workspace, body] of changes) await writePackageJson(projectDir, workspace, body);
}

function sortedKeys(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The packages the module added or changed that are still listed (offered for removal on
 * disable); packages the project already had at the module's version are the project's own.
 */
export async function presentModuleDependencies(
  projectDir: string,
  record: DependencyRecord,
): Promise<ModuleDisableDepend[]> {
  const found: ModuleDisableDepend[] = [];
  for (const env of ENVS) {
    const names = Object.keys(record[env] ?? {});
    if (names.length === 0) continue;
    const pkg = await readPackageJson(projectDir, MODULE_DEPENDENCY_ENVS[env].workspace);
    for (const name of names) {
      const version = present(pkg, name);
      if (version !== undefined)
        found.push({ env, depend: name, dependTitle: `${name} ${version}`, solution: 'delete' });
    }
  }
  return found;
}

/**
 * The workspaces a removal would change, with their new content: only packages the module added
 * or changed are touched, whatever else `remove` names; a package the project had before gets
 * its own version back instead of disappearing.
 */
export async function plannedDependencyRemovals(
  projectDir: string,
  record: DependencyRecord,
  remove: Partial<Record<ModuleDependencyEnv, string[]>>,
): Promise<Map<ModuleWorkspace, PackageJson>> {
  const changed = new Map<ModuleWorkspace, PackageJson>();
  for (const env of ENVS) {
    const { workspace } = MODULE_DEPENDENCY_ENVS[env];
    const names = (remove[env] ?? []).filter((name) => record[env]?.[name]);
    if (names.length === 0) continue;
    const pkg = changed.get(workspace) ?? (await readPackageJson(projectDir, workspace));
    for (const name of names) {
      for (const section of ['dependencies', 'devDependencies'] as const)
        if (pkg[section] && name in pkg[section]) delete pkg[section][name];
      const before = record[env]?.[name];
      if (before?.range && before.section)
        pkg[before.section] = sortedKeys({ ...pkg[before.section], [name]: before.range });
    }
    changed.set(workspace, pkg);
  }
  return changed;
}

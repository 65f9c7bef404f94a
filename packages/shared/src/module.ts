/**
 * The module package's wire contract (as in the original): what a `module.json` holds, the
 * states a module on the machine goes through, the answer codes of install/disable, and the
 * conflict lists and decisions the administrator's screen exchanges with the server.
 */

/** The two workspaces a module can add packages to. */
export const MODULE_WORKSPACES = ['server', 'web'] as const;
export type ModuleWorkspace = (typeof MODULE_WORKSPACES)[number];

export interface ModuleDependencies {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** A validated `module.json`, optional parts filled with empty values. */
export interface ModuleInfo {
  uid: string;
  title: string;
  intro: string;
  author: string;
  website: string;
  version: string;
  category: string;
  server: ModuleDependencies;
  web: ModuleDependencies;
  /** Project-relative paths a disable leaves in place. */
  protectedFiles: string[];
}

/** The original's numbers, the same on the wire. */
export const ModuleState = {
  uninstalled: 0,
  installed: 1,
  waitInstall: 2,
  conflictPending: 3,
  dependentWaitInstall: 4,
  directoryOccupied: 5,
  disable: 6,
} as const;
export type ModuleState = (typeof ModuleState)[keyof typeof ModuleState];

/** Envelope codes of the module answers besides 0/1. */
export const ModuleAnswerCode = {
  /** Conflicts (install) or changed files/remaining packages (disable): a decision is needed. */
  conflict: -1,
  /** Packages were added to (or removed from) the workspaces: an install must run. */
  dependentWaitInstall: -2,
  /** Disabled for an update: the client continues with the update. */
  update: -3,
} as const;

/**
 * A dependency's section in a workspace: `env` of the conflict lists and the first key of the
 * dependency decisions (the original's `dependencies`, `require-dev`... for Node workspaces).
 */
export const MODULE_DEPENDENCY_ENVS = {
  serverDependencies: { workspace: 'server', section: 'dependencies' },
  serverDevDependencies: { workspace: 'server', section: 'devDependencies' },
  webDependencies: { workspace: 'web', section: 'dependencies' },
  webDevDependencies: { workspace: 'web', section: 'devDependencies' },
} as const;
export type ModuleDependencyEnv = keyof typeof MODULE_DEPENDENCY_ENVS;

export type ConflictSolution = 'cover' | 'discard';

export interface ModuleFileConflict {
  /** `<uid>/<path>`: the package's copy. */
  newFile: string;
  /** Project-relative path of the file already there. */
  oldFile: string;
  solution: ConflictSolution;
}

export interface ModuleDependConflict {
  env: ModuleDependencyEnv;
  /** `name version` the module wants. */
  newDepend: string;
  /** `name version` the workspace has. */
  oldDepend: string;
  depend: string;
  solution: ConflictSolution;
}

/** `data` of the install's code -1 answer. */
export interface ModuleConflictData {
  uid: string;
  state: ModuleState;
  fileConflict: ModuleFileConflict[];
  dependConflict: ModuleDependConflict[];
}

/** The administrator's answer to the conflict lists (the original's `extend`). */
export interface ModuleConflictDecisions {
  fileConflict?: Record<string, ConflictSolution>;
  dependConflict?: Partial<Record<ModuleDependencyEnv, Record<string, ConflictSolution>>>;
}

/** A module package still present in a workspace, offered for removal on disable. */
export interface ModuleDisableDepend {
  env: ModuleDependencyEnv;
  depend: string;
  /** `name version` as the workspace has it. */
  dependTitle: string;
  solution: 'delete';
}

/** `data` of the disable's code -1 answer. */
export interface ModuleDisableConflictData {
  uid: string;
  /** Project-relative paths of module files changed since the module was enabled. */
  conflictFile: string[];
  dependConflict: ModuleDisableDepend[];
}

/**
 * What uninstalling a module deletes on disk (project-relative paths), and what it keeps: a
 * module that came as a package (upload or market) loses its folder; one the project ships in
 * `modules/` is the project's own source, so only the installer's records of it go.
 */
export interface ModuleUninstallPlan {
  removes: string[];
  keeps: string[];
}

export const MODULE_MESSAGES = {
  incomplete: 'Basic configuration of the Module is incomplete',
  uid: 'The module uid must start with a lower-case letter and hold at most 40 lower-case letters, digits, - or _',
  version: 'The module version must look like 1.2.3',
  text: 'The module field %s must be text of at most %s characters',
  dependencies: 'The module dependencies of %s must map npm package names to version ranges',
  protectedFiles: 'The module protectedFiles must be a list of relative paths inside the project',
  reservedUid: 'The module uid %s is reserved',
} as const;

/** Names under `modules/` the manager uses itself. */
export const RESERVED_MODULE_UIDS = ['backups'] as const;

export const MODULE_UID_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;
/** Semver-like: 1, 1.2, 1.2.3 or 1.2.3.4, an optional leading v and pre-release tag. */
export const MODULE_VERSION_PATTERN = /^[vV]?\d{1,9}(\.\d{1,9}){0,3}(-[0-9A-Za-z.-]{1,40})?$/;
const PACKAGE_NAME_PATTERN = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
/**
 * Registry version ranges only (`^1.2.3`, `>=1 <2`, `1.x`, `latest`): no `file:`, `git+`,
 * URL or alias specs, which could make an install read or run things outside the registry.
 */
const VERSION_RANGE_PATTERN = /^[0-9A-Za-z.^~<>=*|+ -]{1,100}$/;

const TEXT_LIMITS = { title: 100, intro: 1000, author: 100, website: 255, category: 100 } as const;

export type ModuleInfoCheck =
  | { ok: true; info: ModuleInfo }
  | { ok: false; message: string; params: string[] };

const refuse = (message: string, ...params: string[]): ModuleInfoCheck => ({ ok: false, message, params });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A project-relative path with no way out: no leading `/` or drive, no `..`, no backslash. */
export function isSafeRelativePath(path: string): boolean {
  if (path === '' || path.length > 500 || /[\\\0]/.test(path) || /^([a-zA-Z]:|\/)/.test(path)) return false;
  return path.split('/').every((part) => part !== '..' && part !== '.' && part !== '');
}

function dependencyMap(value: unknown): Record<string, string> | null {
  if (value === undefined) return {};
  if (!isRecord(value)) return null;
  const map: Record<string, string> = {};
  for (const [name, range] of Object.entries(value)) {
    if (!PACKAGE_NAME_PATTERN.test(name) || name.length > 214) return null;
    if (typeof range !== 'string' || !VERSION_RANGE_PATTERN.test(range)) return null;
    map[name] = range;
  }
  return map;
}

/** Checks a parsed `module.json`; the refusal names what is wrong as an English message key. */
export function checkModuleInfo(raw: unknown): ModuleInfoCheck {
  if (!isRecord(raw)) return refuse(MODULE_MESSAGES.incomplete);
  for (const key of ['uid', 'title', 'intro', 'author', 'version'])
    if (typeof raw[key] !== 'string' || (raw[key] as string).trim() === '')
      return refuse(MODULE_MESSAGES.incomplete);
  const uid = raw.uid as string;
  const version = raw.version as string;
  if (!MODULE_UID_PATTERN.test(uid)) return refuse(MODULE_MESSAGES.uid);
  if ((RESERVED_MODULE_UIDS as readonly string[]).includes(uid))
    return refuse(MODULE_MESSAGES.reservedUid, uid);
  if (!MODULE_VERSION_PATTERN.test(version)) return refuse(MODULE_MESSAGES.version);
  const texts: Record<string, string> = {};
  for (const [key, limit] of Object.entries(TEXT_LIMITS)) {
    const value = raw[key] ?? '';
    if (typeof value !== 'string' || value.length > limit)
      return refuse(MODULE_MESSAGES.text, key, String(limit));
    texts[key] = value;
  }
  const workspaces = {} as Record<ModuleWorkspace, ModuleDependencies>;
  for (const workspace of MODULE_WORKSPACES) {
    const section = raw[workspace] ?? {};
    if (!isRecord(section)) return refuse(MODULE_MESSAGES.dependencies, workspace);
    const dependencies = dependencyMap(section.dependencies);
    const devDependencies = dependencyMap(section.devDependencies);
    if (!dependencies || !devDependencies) return refuse(MODULE_MESSAGES.dependencies, workspace);
    workspaces[workspace] = { dependencies, devDependencies };
  }
  const protectedFiles = raw.protectedFiles ?? [];
  if (
    !Array.isArray(protectedFiles) ||
    !protectedFiles.every((p) => typeof p === 'string' && isSafeRelativePath(p))
  )
    return refuse(MODULE_MESSAGES.protectedFiles);
  return {
    ok: true,
    info: {
      uid,
      title: raw.title as string,
      intro: raw.intro as string,
      author: raw.author as string,
      website: texts.website ?? '',
      version,
      category: texts.category ?? '',
      server: workspaces.server,
      web: workspaces.web,
      protectedFiles: protectedFiles as string[],
    },
  };
}

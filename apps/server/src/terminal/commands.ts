/**
 * The terminal's whitelist, in one place (the original's, adapted to Node): every
 * command a key can name, as programs with fixed argument lists run without a shell in a
 * fixed folder. Nothing from a request reaches an argument list: the only input is the key.
 * Package-manager commands exist once per manager (`web-build.npm`, `web-build.pnpm`, …);
 * the client appends the manager it is set to.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NPM_REGISTRIES, PACKAGE_MANAGERS, type PackageManager } from '@portico/shared';

/** One program run without a shell. `node` is the Node running the server. */
export interface CommandStep {
  program: string;
  args: readonly string[];
  /** Extra environment for this program. */
  env?: Readonly<Record<string, string>>;
}

export interface TerminalCommand {
  /** The folder the steps run in (absolute). */
  cwd: string;
  /** Run one after the other; the first that fails ends the command. */
  steps: readonly CommandStep[];
  /** Runs before the first step (the install test resets its scratch folder). */
  prepare?: () => void;
  /** The steps are given the server's database settings (migrations). */
  database?: boolean;
  /** What the server does once the command succeeded: `web-build` makes the new build live. */
  after?: 'web-build';
}

export type Whitelist = ReadonlyMap<string, TerminalCommand>;

export interface WhitelistFolders {
  projectDir: string;
  dataDir: string;
}

/** Where `install.<pm>` installs package managers (never globally): its bin folder leads the PATH. */
export function toolsDir(dataDir: string): string {
  return join(dataDir, 'tools');
}

/** The throw-away package `test.<pm>` installs, proving the manager works and reaches its registry. */
export function installTestDir(dataDir: string): string {
  return join(dataDir, 'terminal', 'npm-install-test');
}

/** The throw-away package's manifest: private, one small dependency that has none of its own. */
const INSTALL_TEST_PACKAGE = {
  name: 'npm-install-test',
  version: '1.0.0',
  private: true,
  description: 'Installed by the terminal command test.<package manager>; safe to delete.',
  dependencies: { ms: '^2.1.3' },
};

const LOCK_FILES = ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'npm-shrinkwrap.json'];

/** ni asks which manager to use where no lockfile says; npm then, rather than a prompt. */
const NI_ENV = { NI_DEFAULT_AGENT: 'npm' };

const INSTALL: Record<PackageManager, CommandStep> = {
  npm: { program: 'npm', args: ['install', '--no-audit', '--no-fund'] },
  cnpm: { program: 'cnpm', args: ['install'] },
  pnpm: { program: 'pnpm', args: ['install'] },
  yarn: { program: 'yarn', args: ['install'] },
  ni: { program: 'ni', args: [], env: NI_ENV },
};

const BUILD: Record<PackageManager, CommandStep> = {
  npm: { program: 'npm', args: ['run', 'build'] },
  cnpm: { program: 'cnpm', args: ['run', 'build'] },
  pnpm: { program: 'pnpm', args: ['run', 'build'] },
  yarn: { program: 'yarn', args: ['run', 'build'] },
  ni: { program: 'nr', args: ['build'], env: NI_ENV },
};

/** The npm packages of the managers `install.<pm>` can add (npm comes with Node). */
const MANAGER_PACKAGES: Record<Exclude<PackageManager, 'npm'>, readonly string[]> = {
  // As the original: cnpm from its own registry.
  cnpm: ['--registry=https://registry.npmmirror.com/', 'cnpm'],
  pnpm: ['pnpm'],
  yarn: ['yarn'],
  ni: ['@antfu/ni'],
};

export function buildWhitelist({ projectDir, dataDir }: WhitelistFolders): Map<string, TerminalCommand> {
  const list = new Map<string, TerminalCommand>();
  const inProject = (steps: CommandStep[], extra: Partial<TerminalCommand> = {}): TerminalCommand => ({
    cwd: projectDir,
    steps,
    ...extra,
  });
  const testDir = installTestDir(dataDir);

  list.set('version.node', inProject([{ program: 'node', args: ['-v'] }]));
  for (const pm of PACKAGE_MANAGERS) {
    list.set(`version.${pm}`, inProject([{ program: pm, args: ['-v'] }]));
    list.set(`test.${pm}`, {
      cwd: testDir,
      steps: [INSTALL[pm]],
      prepare: () => prepareInstallTest(testDir, projectDir),
    });
    list.set(`web-install.${pm}`, inProject([INSTALL[pm]]));
    list.set(`web-build.${pm}`, inProject([BUILD[pm]], { after: 'web-build' }));
  }
  for (const [pm, packages] of Object.entries(MANAGER_PACKAGES)) {
    const args = ['install', '--prefix', toolsDir(dataDir), '--no-audit', '--no-fund', ...packages];
    list.set(`install.${pm}`, inProject([{ program: 'npm', args }]));
  }
  const cli = join('scripts', 'server.mjs');
  list.set('migrate.run', inProject([{ program: 'node', args: [cli, 'migrate'] }], { database: true }));
  list.set(
    'migrate.rollback',
    inProject([{ program: 'node', args: [cli, 'migrate-rollback'] }], { database: true }),
  );
  for (const [name, url] of Object.entries(NPM_REGISTRIES)) {
    // The project's own .npmrc, not the machine's: other projects on the machine keep theirs.
    list.set(
      `set-npm-registry.${name}`,
      inProject([
        { program: 'npm', args: ['config', 'set', 'registry', url, '--location=project'] },
        { program: 'npm', args: ['config', 'get', 'registry'] },
      ]),
    );
  }
  return list;
}

/**
 * A clean install every time: no node_modules or lockfile left from the last test. The
 * project's .npmrc comes along, so the test reaches the registry the project uses.
 */
function prepareInstallTest(dir: string, projectDir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const name of ['node_modules', '.npmrc', ...LOCK_FILES]) {
    rmSync(join(dir, name), { recursive: true, force: true });
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(INSTALL_TEST_PACKAGE, null, 2)}\n`);
  const npmrc = join(projectDir, '.npmrc');
  if (existsSync(npmrc)) copyFileSync(npmrc, join(dir, '.npmrc'));
}

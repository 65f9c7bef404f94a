/**
 * A module generated from a design with every design type (and hostile comments), then
 * regenerated after a design change (so with both kinds of migration), passes what
 * the project's own code passes: `biome check`, the type check (the package's tsconfig, as
 * `npm run typecheck` runs it, and its server files under the server's NodeNext settings) and
 * the layering rules (`npm run lint:layers`' dependency-cruiser config).
 */
import { execFile, execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDesign, formatModule, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { changedDesign, everyTypeDesign } from './every-type-design.js';
import { ROOT, scratchProject, writePackage } from './scratch-project.js';

const BIN = join(ROOT, 'node_modules/.bin');
const TOOL_TIMEOUT_MS = 300_000;

/** Runs a tool in the scratch project; answers its output, failing the test with it on a non-zero exit. */
function run(project: string, command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: project, encoding: 'utf8', stdio: 'pipe', timeout: 120_000 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
  }
}

/**
 * The same, without blocking: the two type checks run side by side. CI's Node 24 run is niced
 * beside the main run: there the two checks of the whole server took over 150 s, and were killed
 * without a word, so the time allowed is longer and a kill says so.
 */
async function runAsync(project: string, command: string, args: string[]): Promise<void> {
  try {
    await promisify(execFile)(command, args, { cwd: project, encoding: 'utf8', timeout: TOOL_TIMEOUT_MS });
  } catch (error) {
    const {
      stdout = '',
      stderr = '',
      killed,
      signal,
    } = error as {
      stdout?: string;
      stderr?: string;
      killed?: boolean;
      signal?: string;
    };
    const how = killed ? ` (killed by ${signal ?? 'a signal'} after ${TOOL_TIMEOUT_MS / 1000} s)` : '';
    throw new Error(`${command} ${args.join(' ')} failed${how}:\n${stdout}\n${stderr}`);
  }
}

describe('a generated module with every design type', () => {
  let project = '';
  let uid = '';

  beforeAll(async () => {
    project = scratchProject();
    // A regeneration: the first migration, and the second that alters the table.
    const design = checkDesign(everyTypeDesign());
    const first = generateModule(design, null);
    const migration = `apps/server/src/modules/${first.uid}/migrations/m0001.ts`;
    const previous = { design, version: first.version, migrations: [first.files[migration] ?? ''] };
    const generated = await formatModule(generateModule(changedDesign(), previous), ROOT);
    expect(Object.keys(generated.files)).toContain(migration.replace('m0001', 'm0002'));
    uid = generated.uid;
    writePackage(project, generated);
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('passes biome check', () => {
    expect(run(project, join(BIN, 'biome'), ['check', '--error-on-warnings', 'modules'])).toContain(
      'Checked 14 files',
    );
  });

  it(
    'passes the type check: the package as npm run typecheck checks it, and its server side under NodeNext',
    async () => {
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      const server = join(project, `modules/${uid}/tsconfig.server.json`);
      writeFileSync(
        server,
        JSON.stringify({
          extends: '../../tsconfig.base.json',
          compilerOptions: {
            types: ['node', '@fastify/multipart'],
            paths: { [`@portico/shared/modules/${uid}`]: [`./packages/shared/src/modules/${uid}/index.ts`] },
          },
          include: ['apps/server/src', 'packages/shared/src'],
        }),
      );
      await Promise.all([
        runAsync(project, process.execPath, [tsc, '-p', `modules/${uid}`]),
        runAsync(project, process.execPath, [tsc, '-p', server]),
      ]);
    },
    TOOL_TIMEOUT_MS + 30_000,
  );

  it('passes the layering rules', () => {
    const output = run(project, join(BIN, 'depcruise'), [
      'modules',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ]);
    expect(output).toContain('no dependency violations found');
  }, 60_000);
});

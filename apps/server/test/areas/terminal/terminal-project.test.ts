/**
 * Terminal commands that work on the project itself, run against a scratch copy of what
 * they need: migrations one step back and forward again on the server's own (scratch)
 * database, and the package-manager test, which installs a real package from the registry
 * into a throw-away folder under the data folder.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { installTestDir } from '../../../src/terminal/commands.js';
import { dataOf, FLAGS, listen, openStream, ticketFor } from '../../support/terminal.js';
import { loginSuper, startTestApp, type TestApp } from '../../support/test-app.js';

const CHECKOUT = join(import.meta.dirname, '../../../../..');
/** What `node scripts/server.mjs migrate` needs: the CLI, the server's sources, the packages. */
const project = mkdtempSync(join(tmpdir(), 'portico-project-'));
for (const path of [
  'package.json',
  'tsconfig.base.json',
  // All of them: the CLI imports its neighbours (build check, module registry, supervisor).
  'scripts',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/src',
]) {
  cpSync(join(CHECKOUT, path), join(project, path), { recursive: true });
}
symlinkSync(join(CHECKOUT, 'node_modules'), join(project, 'node_modules'));

let t: TestApp;
let baseUrl = '';
beforeAll(async () => {
  t = await startTestApp('sqlite', { projectDir: project });
  baseUrl = await listen(t);
});
afterAll(async () => {
  await t.close();
  rmSync(project, { recursive: true, force: true });
});

/** Signed in once: after a rollback the newest tables (the sign-in's budget among them) are gone. */
let token = '';
async function run(command: string): Promise<string[]> {
  token ||= (await loginSuper(t)).token;
  return dataOf(await openStream(baseUrl, { command, ticket: await ticketFor(t, token) }).ended);
}

async function applied(): Promise<string[]> {
  const rows = await t.ctx.db.kysely
    .selectFrom(`${t.ctx.db.prefix}migration` as never)
    .select('name' as never)
    .execute();
  return rows.map((row) => (row as { name: string }).name);
}

it("rolls the server's database back one migration, and forward again", { timeout: 120_000 }, async () => {
  const newest = (await applied()).sort().at(-1) ?? '';
  expect(newest).toMatch(/^\d{4}-/);

  // The server reads and writes the newest migration's columns (a session's device and last use,
  // in the token table) until it is migrated forward again: rolled back, it cannot issue the
  // forward step's ticket, so that one is taken first (single use, a minute's life).
  token ||= (await loginSuper(t)).token;
  const forwardTicket = await ticketFor(t, token);
  const back = await run('migrate.rollback');
  expect(back[1]).toBe('> node scripts/server.mjs migrate-rollback');
  expect(back).toContain(`Rolled back: ${newest}`);
  expect(back.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
  expect(await applied()).not.toContain(newest);

  const forward = dataOf(await openStream(baseUrl, { command: 'migrate.run', ticket: forwardTicket }).ended);
  expect(forward[1]).toBe('> node scripts/server.mjs migrate');
  expect(forward).toContain(`Applied: ${newest}`);
  expect(forward.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
  expect(await applied()).toContain(newest);
});

it('proves npm works by installing a throw-away package from the registry', {
  timeout: 300_000,
}, async () => {
  const lines = await run('test.npm');
  expect(lines.slice(0, 2)).toEqual([FLAGS.linkSuccess, '> npm install --no-audit --no-fund']);
  expect(lines.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
  const folder = installTestDir(t.ctx.config.dataDir);
  const installed = JSON.parse(readFileSync(join(folder, 'node_modules/ms/package.json'), 'utf8'));
  expect(installed.name).toBe('ms');
  // In its own folder: the project gained nothing.
  expect(existsSync(join(project, 'package-lock.json'))).toBe(false);
});

it('installs a missing package manager into the data folder, where the terminal then finds it', {
  timeout: 300_000,
}, async () => {
  // pnpm is on no PATH of the test machines (the first check says so otherwise).
  expect((await run('version.pnpm'))[0]).toBe(
    'Error:The package manager pnpm is not installed, install it or choose another one in the terminal settings',
  );
  const tools = join(t.ctx.config.dataDir, 'tools');
  const install = await run('install.pnpm');
  expect(install[1]).toBe(`> npm install --prefix ${tools} --no-audit --no-fund pnpm`);
  expect(install.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
  const version = await run('version.pnpm');
  expect(version.slice(0, 2)).toEqual([FLAGS.linkSuccess, '> pnpm -v']);
  expect(version).toContainEqual(expect.stringMatching(/^\d+\.\d+\.\d+$/));
  expect(version.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
});

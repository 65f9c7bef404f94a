/**
 * One terminal command at a time on the machine: a lock held by another server process
 * refuses; one its crashed owner left behind, or one older than any command may run, is
 * taken over.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { TerminalLock } from '../../src/terminal/terminal-lock.js';

const MODULE = join(import.meta.dirname, '../../src/terminal/terminal-lock.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function lockFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-lock-'));
  dirs.push(dir);
  return join(dir, 'terminal', 'command.lock');
}

/** Another server process taking the lock (and keeping it until killed). */
async function otherProcessHolding(file: string): Promise<ChildProcess> {
  const script = `import { TerminalLock } from ${JSON.stringify(MODULE)};
console.log(new TerminalLock(${JSON.stringify(file)}, 60000).acquire()); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const answer = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (d) => resolve(String(d))),
  );
  expect(answer.trim()).toBe('true');
  return child;
}

it('refuses while another process holds the lock, and takes it once that process has died', async () => {
  const file = lockFile();
  const other = await otherProcessHolding(file);
  const lock = new TerminalLock(file, 60_000);
  expect(lock.acquire()).toBe(false);
  other.kill('SIGKILL');
  await new Promise((resolve) => other.once('exit', resolve));
  // The dead owner never released it: the lock is stale.
  expect(lock.acquire()).toBe(true);
  lock.release();
});

it('refuses a second holder in the same process until the first releases', () => {
  const file = lockFile();
  const first = new TerminalLock(file, 60_000);
  const second = new TerminalLock(file, 60_000);
  expect(first.acquire()).toBe(true);
  expect(second.acquire()).toBe(false);
  expect(first.acquire()).toBe(false);
  first.release();
  expect(second.acquire()).toBe(true);
  second.release();
});

it('takes over a lock older than any command may run, even when its id belongs to a live process', async () => {
  const file = lockFile();
  const lock = new TerminalLock(file, 60_000);
  expect(lock.acquire()).toBe(true);
  lock.release();
  // Process 1 always runs; the lock claims it holds the terminal since two minutes.
  writeFileSync(file, '1\n');
  expect(lock.acquire()).toBe(false);
  const old = (Date.now() - 120_000) / 1000;
  utimesSync(file, old, old);
  expect(lock.acquire()).toBe(true);
  lock.release();
});

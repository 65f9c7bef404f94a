/**
 * `npm run bench:writes` (scripts/bench-writes/) on SQLite with a few requests and rows: it
 * registers members through the real server, makes the admin writes, measures the per-row
 * costs, prints every row its tables promise with a figure, and leaves no temporary folder.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../support/server-process.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(join(tmpdir(), 'bench-writes-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NUMBER = String.raw`\d+\.\d`;

it('prints the API writes and the per-row costs on SQLite, and cleans up', { timeout: 120_000 }, async () => {
  const args = ['--import', 'tsx', 'scripts/bench-writes/main.ts', '--db', 'sqlite', '--requests', '3'];
  args.push('--warmup', '1', '--rows', '300', '--rounds', '1', '--port', String(await freePort()));
  // The bench's temporary data folder goes here, so the test can see it removed.
  const env = { ...process.env, TMPDIR: scratch };
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, env });

  expect(stdout).toMatch(
    /sqlite: single writes through the API, one at a time \(load average [\d. ]+ on \d+ cores\)/,
  );
  for (const write of [
    'member registration',
    'admin: add a member',
    'admin: edit a member (nickname, e-mail)',
    'admin: save a setting (site name)',
  ])
    expect(stdout).toMatch(
      new RegExp(`\\| ${escapeRegExp(write)} +\\|[^|]+\\| +3 \\| +${NUMBER} \\| +${NUMBER} \\|`),
    );
  expect(stdout).toContain('per-row cost of one statement over 300 rows');
  for (const statement of [
    'member insert',
    'member update (nickname)',
    'admin log insert',
    'admin log update (title)',
  ])
    expect(stdout).toMatch(
      new RegExp(`\\| ${escapeRegExp(statement)} +\\| +${NUMBER} \\| +${NUMBER} \\| +${NUMBER}× \\|`),
    );
  // tsx keeps its compile cache there too (tsx-<uid>); the bench's own folder must be gone.
  expect(readdirSync(scratch).filter((name) => name.startsWith('portico-'))).toEqual([]);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

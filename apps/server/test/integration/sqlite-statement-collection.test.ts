/**
 * A SQLite database keeps working while its dropped prepared statements are collected. The
 * statement cache lets statements go (when it is full, and after every schema change), and the
 * garbage collector frees them whenever it runs, often inside a promise's continuation. A native
 * driver that cannot free a statement there aborts the whole process (SIGABRT, no JavaScript
 * error), so this runs in a process of its own, through the server's own connection code, with a
 * small young generation so collections come often.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const CONNECTION = join(import.meta.dirname, '../../src/db/connection.ts');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Many distinct statements (several times what the cache keeps) and schema changes, each query
 * awaited: the collections the allocations bring about then run from promise continuations, where
 * they run in a busy server.
 */
const SCRIPT = `
import { sql } from 'kysely';
import { openDatabase } from ${JSON.stringify(CONNECTION)};
const db = await openDatabase('sqlite:' + process.env.DB_FILE, 'ba_');
await sql\`create table scratch (n integer)\`.execute(db.kysely);
for (let round = 0; round < 20; round++) {
  for (let i = 0; i < 250; i++) await sql.raw(\`insert into scratch (n) values (\${round * 1000 + i})\`).execute(db.kysely);
  await sql.raw(\`create table scratch_\${round} (n integer)\`).execute(db.kysely);
}
const { rows } = await sql\`select count(*) as count from scratch\`.execute(db.kysely);
await db.close();
console.log(JSON.stringify(rows[0]));
`;

it('keeps the process alive while dropped statements are collected', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-sqlite-gc-'));
  dirs.push(dir);
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=1', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
    { env: { ...process.env, DB_FILE: join(dir, 'gc.sqlite') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (...end) => resolve(end)),
  );
  expect({ code, signal, output: output.slice(-600) }).toEqual({
    code: 0,
    signal: null,
    output: `${JSON.stringify({ count: 5000 })}\n`,
  });
}, 60_000);

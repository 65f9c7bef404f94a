/**
 * `npm test`: lint, type checks and every vitest project, with the browser tests (e2e) started
 * first, beside lint and the type checks, instead of after everything. Vitest runs a project
 * without file parallelism (e2e: one browser and one server at a time) only once every other
 * project is done; started first, in a process of their own, those files overlap the checks.
 * The server and web tests wait for them: run beside the browser tests on two cores they made
 * the browser's waits time out (a market purchase dialog took over 15 s to open). The browser
 * tests' output is printed in one piece when they end. Fails when any part fails.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, output = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', output, output] });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'portico-e2e-'));
const logFile = join(scratch, 'e2e.log');
const log = createWriteStream(logFile);
await new Promise((resolve) => log.on('open', resolve));
const e2e = run(npx, ['vitest', 'run', '--project', 'e2e'], log);

let failed = false;
for (const [command, args] of [
  [npm, ['run', 'lint']],
  [npm, ['run', 'typecheck']],
]) {
  if ((await run(command, args)) !== 0) failed = true;
}

console.log('\n== browser tests (e2e)');
const e2eStatus = await e2e;
log.end();
process.stdout.write(readFileSync(logFile));
rmSync(scratch, { recursive: true, force: true });
if (e2eStatus !== 0) failed = true;

console.log('\n== server and web tests');
if ((await run(npx, ['vitest', 'run', '--project', '!e2e'])) !== 0) failed = true;
process.exit(failed ? 1 : 0);

/**
 * The small parent of `npm start`: runs the bundled server as a child process and starts a new
 * one, bundled again, when the child exits with RESTART_EXIT_CODE (the module installer asked
 * for it, after its answer was sent and the requests in flight were answered). It loads none of
 * the server, so it costs only a bare Node process.
 *
 * How a child ended decides what happens next:
 * - It failed before it was up (it never sent SERVER_READY_MESSAGE): bad configuration, a module
 *   whose code throws at start, the database unreachable at start. Starting it again would fail
 *   the same way and a loop would hide why, so the supervisor reports it and exits with the
 *   child's code, for a process manager above (systemd, Docker) to apply its own policy.
 *   Exception: a child started again after a crash ran before with the same code, so its failure
 *   at start counts as one more crash (the database may be back in a moment).
 * - It crashed after it was up (an error exit or a signal): it is started again, with the same
 *   bundle, after a pause that doubles with each crash in the window (1 s, 2 s, 4 s… at most
 *   30 s). CRASH_LIMIT crashes within CRASH_WINDOW_MS mean the fault does not pass: the
 *   supervisor gives up and exits with a failure code.
 * - It exited cleanly (code 0, no signal): the supervisor exits too.
 *
 * SIGINT and SIGTERM are passed on to the child, which drains its requests and exits; the
 * supervisor then exits too (at once, when it is waiting before a new start). The child shuts
 * itself down if the supervisor disappears (its IPC channel closes), so a killed supervisor
 * leaves no server behind.
 */
import { fork } from 'node:child_process';

/** The child's exit code for "restart me" (EX_TEMPFAIL). apps/server/src/main.ts uses the same. */
export const RESTART_EXIT_CODE = 75;
/** What the child sends once it listens. apps/server/src/main.ts sends the same. */
const SERVER_READY_MESSAGE = 'portico:ready';
const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 10 * 60_000;
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;

const say = (text) => console.error(`[supervisor] ${text}`);

/** "exit code 1" or "signal SIGKILL": how a child ended, for the log. */
const describeEnd = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);

/** The pause before the start after the `crashes`-th crash of the window (1-based). */
const pauseAfter = (crashes) => Math.min(FIRST_PAUSE_MS * 2 ** (crashes - 1), LONGEST_PAUSE_MS);

/** Runs the child once; resolves with how it ended and whether it got as far as listening. */
function runChild(entry, args, onStart) {
  // Without --enable-source-maps: Node parses the bundle's map up front and keeps it, about
  // 17 MB of heap on Node 24 (its export of 100,000 rows then peaked at 180-207 MB RSS, against
  // 160 without). The map stays beside the bundle; NODE_OPTIONS=--enable-source-maps (inherited
  // by this child) turns it on for traces in TypeScript (docs/deploy.md).
  const child = fork(entry, args);
  onStart(child);
  let ready = false;
  child.on('message', (message) => {
    if (message === SERVER_READY_MESSAGE) ready = true;
  });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, ready })));
}

/**
 * @param {{ bundle: () => Promise<void>, entry: string, args: string[] }} options
 * bundle (re)writes `entry`, which is then run with `args`.
 */
export async function supervise({ bundle, entry, args }) {
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  /** When the crashes of the window happened (ms timestamps), oldest first. */
  let crashes = [];
  let needsBundle = true;
  for (;;) {
    if (needsBundle) {
      try {
        await bundle();
      } catch (error) {
        // esbuild has printed the errors (a module's code that does not compile, say).
        say(`bundling the server failed, so it is not started: ${error.message}`);
        process.exit(1);
      }
      needsBundle = false;
    }
    if (stopping) process.exit(0);
    const afterCrash = crashes.length > 0;
    const { code, signal, ready } = await runChild(entry, args, (started) => {
      child = started;
    });
    child = null;
    if (stopping) process.exit(code ?? 0);
    if (code === RESTART_EXIT_CODE) {
      say('the server asked for a restart: bundling it again with the installed modules');
      needsBundle = true;
      crashes = [];
      continue;
    }
    if (code === 0 && !signal) {
      say('the server exited cleanly');
      process.exit(0);
    }
    if (!ready && !afterCrash) {
      say(
        `the server stopped (${describeEnd(code, signal)}): it failed before it was up, so it is not started again`,
      );
      process.exit(code || 1);
    }
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    if (crashes.length >= CRASH_LIMIT) {
      say(
        `the server crashed (${describeEnd(code, signal)}), ${crashes.length} crashes within ` +
          `${CRASH_WINDOW_MS / 60_000} minutes: it is not started again`,
      );
      process.exit(code || 1);
    }
    const pause = pauseAfter(crashes.length);
    say(`the server crashed (${describeEnd(code, signal)}); starting it again in ${pause / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

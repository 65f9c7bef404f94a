/**
 * The small parent of `npm start`: runs the bundled server as a child process and starts a new
 * one, bundled again, when the child exits with RESTART_EXIT_CODE (the module installer asked
 * for it, after its answer was sent and the requests in flight were answered). It loads none of
 * the server, so it costs only a bare Node process.
 *
 * A child that stops any other way is not started again: a server that crashed once (bad
 * configuration, a module whose code throws at start, the database gone) would crash the same
 * way, and a restart loop would hide that. The supervisor reports it and exits with the child's
 * code, so a process manager above (systemd, Docker) sees the failure and applies its own policy.
 *
 * SIGINT and SIGTERM are passed on to the child, which drains its requests and exits; the
 * supervisor then exits too. The child shuts itself down if the supervisor disappears (its IPC
 * channel closes), so a killed supervisor leaves no server behind.
 */
import { fork } from 'node:child_process';

/** The child's exit code for "restart me" (EX_TEMPFAIL). apps/server/src/main.ts uses the same. */
export const RESTART_EXIT_CODE = 75;

const say = (text) => console.error(`[supervisor] ${text}`);

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

  for (;;) {
    try {
      await bundle();
    } catch (error) {
      // esbuild has printed the errors (a module's code that does not compile, say).
      say(`bundling the server failed, so it is not started: ${error.message}`);
      process.exit(1);
    }
    if (stopping) process.exit(0);
    child = fork(entry, args, { execArgv: [...process.execArgv, '--enable-source-maps'] });
    const [code, signal] = await new Promise((resolve) => child.once('exit', (...end) => resolve(end)));
    child = null;
    if (stopping) process.exit(code ?? 0);
    if (code === RESTART_EXIT_CODE) {
      say('the server asked for a restart: bundling it again with the installed modules');
      continue;
    }
    say(`the server stopped (exit code ${code}, signal ${signal}); it is not started again`);
    process.exit(code || 1);
  }
}

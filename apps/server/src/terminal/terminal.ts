/**
 * The terminal: runs the whitelisted command a stream asks for, one at a time on the
 * machine, and reports it over the stream in the original's order:
 * link success, `> command line`, output lines, `exitCode: N`, success or error, completed.
 * Whoever opened the stream has already been checked (the terminal area's stream route).
 */
import { join, resolve } from 'node:path';
import { TerminalFlag } from '@portico/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from '../auth/tokens.js';
import type { AppConfig } from '../config.js';
import { type Lang, translate } from '../i18n/index.js';
import { commandEnv, commandPath } from './child-env.js';
import { lookupCommand, resolveSteps } from './command-key.js';
import { buildWhitelist, type TerminalCommand, type Whitelist } from './commands.js';
import type { EventStream } from './event-stream.js';
import { TERMINAL_MESSAGES as M } from './messages.js';
import { CommandRun, type RunEnd } from './runner.js';
import { TerminalSuccessHooks } from './success-hooks.js';
import { TerminalLock } from './terminal-lock.js';
import { TerminalTickets } from './tickets.js';

/** A command running longer than this is stopped (installs on a slow line take minutes, not hours). */
const DEFAULT_MAX_RUNTIME_MS = 20 * 60_000;

/**
 * The one thing the terminal needs of the served web app (features/web's WebBuild): being told
 * a command wrote a new build. Declared here so the core runner does not import a feature.
 */
export interface BuildRefresher {
  refresh(): void;
}

export interface TerminalOptions {
  /**
   * Entries added to the whitelist, for tests only (a failing command, one that prompts):
   * given in code when the app is built, never reachable from a request.
   */
  extraCommands?: Readonly<Record<string, TerminalCommand>>;
  maxRuntimeMs?: number;
}

export interface CommandRequest {
  key: string;
  extend: string;
  lang: Lang;
  log: FastifyBaseLogger;
}

/** What a finished command ends the stream with. */
interface Outcome {
  lines: string[];
  success: boolean;
}

export class Terminal {
  readonly tickets: TerminalTickets;
  private readonly hooks = new TerminalSuccessHooks();
  private readonly whitelist: Whitelist;
  private readonly lock: TerminalLock;
  private readonly maxRuntimeMs: number;
  private readonly running = new Set<{ run: CommandRun; done: Promise<void> }>();

  constructor(
    private readonly config: AppConfig,
    tokens: TokenService,
    private readonly webBuild: BuildRefresher,
    options: TerminalOptions = {},
  ) {
    this.tickets = new TerminalTickets(tokens);
    this.whitelist = new Map([...buildWhitelist(config), ...Object.entries(options.extraCommands ?? {})]);
    this.maxRuntimeMs = options.maxRuntimeMs ?? DEFAULT_MAX_RUNTIME_MS;
    // A lock older than the longest run (plus the time to kill it) was left by a crash.
    this.lock = new TerminalLock(
      join(resolve(config.dataDir), 'terminal', 'command.lock'),
      this.maxRuntimeMs + 60_000,
    );
  }

  /** See success-hooks.ts: the module installer learns that a dependency install it queued succeeded. */
  onTerminalSuccess: TerminalSuccessHooks['onTerminalSuccess'] = (prefix, hook) =>
    this.hooks.onTerminalSuccess(prefix, hook);

  async execute(request: CommandRequest, stream: EventStream): Promise<void> {
    const say = (key: string, ...params: (string | number)[]) => translate(key, request.lang, params);
    const command = lookupCommand(this.whitelist, request.key);
    if (!command) return stream.fail(`Error:${say(M.notAllowed)}`);
    const resolved = resolveSteps(command, commandPath(this.config));
    if ('missing' in resolved) return stream.fail(`Error:${say(M.managerMissing, resolved.missing)}`);
    if (!this.lock.acquire()) return stream.fail(`Error:${say(M.busy)}`);

    let outcome: Outcome;
    let paused = false;
    const run = new CommandRun({
      cwd: command.cwd,
      env: commandEnv(this.config, command.database ?? false),
      maxRuntimeMs: this.maxRuntimeMs,
      output: (line) => {
        if (stream.send(line) || paused) return;
        // The client is behind: hold the program's output until it has caught up.
        paused = true;
        run.pause();
        stream.onDrain(() => {
          paused = false;
          run.resume();
        });
      },
    });
    let finished: () => void = () => {};
    const entry = { run, done: new Promise<void>((resolve) => (finished = resolve)) };
    this.running.add(entry);
    stream.onClose(() => run.stop());
    try {
      stream.send(TerminalFlag.linkSuccess);
      outcome = await this.runCommand(command, resolved.steps, run, request, say);
    } finally {
      // Released before the last flags go out: a client that starts its next task on
      // "completed" must find the terminal free.
      this.lock.release();
      this.running.delete(entry);
      finished();
    }
    for (const line of outcome.lines) stream.send(line);
    stream.finish(outcome.success);
  }

  /** Stops every running command (the server shuts down) and waits until they have ended. */
  async stopAll(): Promise<void> {
    const entries = [...this.running];
    for (const { run } of entries) run.stop();
    await Promise.all(entries.map(({ done }) => done));
  }

  private async runCommand(
    command: TerminalCommand,
    steps: Parameters<CommandRun['run']>[0],
    run: CommandRun,
    request: CommandRequest,
    say: (key: string, ...params: (string | number)[]) => string,
  ): Promise<Outcome> {
    try {
      command.prepare?.();
    } catch (error) {
      return { lines: [`Error:${say(M.prepareFailed, (error as Error).message)}`], success: false };
    }
    const end = await run.run(steps);
    if (end.kind !== 'exit')
      return { lines: [`Error:${say(...haltMessage(end, this.maxRuntimeMs))}`], success: false };
    const exitLine = `exitCode: ${end.code}`;
    if (end.code !== 0) return { lines: [exitLine], success: false };
    try {
      if (command.after === 'web-build') this.webBuild.refresh();
      await this.hooks.run(request.key, request.extend);
    } catch (error) {
      request.log.error({ err: error, command: request.key }, 'terminal success callback failed');
      return { lines: [exitLine, `Error: ${say(M.callbackFailed)}`], success: false };
    }
    return { lines: [exitLine], success: true };
  }
}

function haltMessage(
  end: Exclude<RunEnd, { kind: 'exit' }>,
  maxRuntimeMs: number,
): [string, ...(string | number)[]] {
  switch (end.kind) {
    case 'interactive':
      return [M.interactive];
    case 'timeout':
      return [M.timedOut, Math.ceil(maxRuntimeMs / 60_000)];
    case 'stopped':
      return [M.stopped];
    case 'not-started':
      return [M.notStarted, end.reason];
  }
}

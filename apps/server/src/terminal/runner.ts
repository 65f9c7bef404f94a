/**
 * Runs a resolved command's steps: each program spawned without a shell, stdin closed,
 * stdout and stderr turned into lines as they come. Every program leads a process group
 * of its own (detached), so stopping it stops whatever it started too: when the client
 * goes away, when it waits for input, when it runs past the time limit, when the server
 * shuts down.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { ResolvedStep } from './command-key.js';
import { looksLikePrompt, OutputLines } from './output-lines.js';

export type RunEnd =
  | { kind: 'exit'; code: number }
  | { kind: 'interactive' }
  | { kind: 'timeout' }
  | { kind: 'stopped' }
  | { kind: 'not-started'; reason: string };

type Halt = 'interactive' | 'timeout' | 'stopped';

export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  /** Longest a whole command may run. */
  maxRuntimeMs: number;
  /** Each output line, and each step's `> program args` before it runs. */
  output(line: string): void;
}

/** How long a question must stand unanswered before it counts as one. */
const PROMPT_QUIET_MS = 400;
/** How long a stopped program gets to end before it is killed. */
const KILL_GRACE_MS = 2000;
/** How long after the program ended its output may still be draining (from programs it left behind). */
const DRAIN_MS = 1000;

export class CommandRun {
  private child: ChildProcess | null = null;
  private halted: Halt | null = null;
  private graceTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: RunOptions) {}

  async run(steps: readonly ResolvedStep[]): Promise<RunEnd> {
    const limit = setTimeout(() => this.halt('timeout'), this.options.maxRuntimeMs);
    try {
      let end: RunEnd = { kind: 'exit', code: 0 };
      for (const step of steps) {
        if (this.halted) return { kind: this.halted };
        this.options.output(`> ${commandLine(step)}`);
        end = await this.runStep(step);
        if (end.kind !== 'exit' || end.code !== 0) return end;
      }
      return this.halted ? { kind: this.halted } : end;
    } finally {
      clearTimeout(limit);
      if (this.graceTimer) clearTimeout(this.graceTimer);
    }
  }

  /** Stops the command (the client went away, the server shuts down). */
  stop(): void {
    this.halt('stopped');
  }

  /** Holds the output while the client cannot take more (the pipes then fill and the program waits). */
  pause(): void {
    this.child?.stdout?.pause();
    this.child?.stderr?.pause();
  }

  resume(): void {
    this.child?.stdout?.resume();
    this.child?.stderr?.resume();
  }

  private halt(reason: Halt): void {
    if (this.halted) return;
    this.halted = reason;
    const child = this.child;
    if (!child) return;
    killGroup(child, 'SIGTERM');
    // A stopped program cannot go on writing into a paused pipe: let its output flow out.
    this.resume();
    this.graceTimer = setTimeout(() => killGroup(child, 'SIGKILL'), KILL_GRACE_MS);
  }

  private runStep(step: ResolvedStep): Promise<RunEnd> {
    return new Promise((resolve) => {
      let child: ChildProcess;
      try {
        child = spawn(step.path, [...step.args], {
          cwd: this.options.cwd,
          env: { ...this.options.env, ...step.env },
          shell: false,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          windowsHide: true,
        });
      } catch (error) {
        resolve({ kind: 'not-started', reason: (error as Error).message });
        return;
      }
      this.child = child;
      const streams = [child.stdout, child.stderr].flatMap((stream) => (stream ? [stream] : []));
      const lines = streams.map(() => new OutputLines(this.options.output));
      let promptTimer: NodeJS.Timeout | null = null;
      let settled = false;
      let exitCode: number | null = null;

      const watchPrompt = (output: OutputLines) => {
        if (promptTimer) clearTimeout(promptTimer);
        promptTimer = null;
        if (!looksLikePrompt(output.partial())) return;
        promptTimer = setTimeout(() => {
          if (looksLikePrompt(output.partial())) this.halt('interactive');
        }, PROMPT_QUIET_MS);
      };
      streams.forEach((stream, i) => {
        const output = lines[i] as OutputLines;
        stream.on('data', (chunk: Buffer) => {
          output.push(chunk);
          watchPrompt(output);
        });
      });

      const finish = (end: RunEnd) => {
        if (settled) return;
        settled = true;
        if (promptTimer) clearTimeout(promptTimer);
        // A question left unanswered when the program gave up (it read the closed stdin).
        if (!this.halted && lines.some((output) => looksLikePrompt(output.partial())))
          this.halted = 'interactive';
        for (const output of lines) output.flush();
        // Whatever the program left running in its group goes with it.
        killGroup(child, 'SIGKILL');
        for (const stream of streams) stream.destroy();
        this.child = null;
        resolve(this.halted ? { kind: this.halted } : end);
      };
      child.once('error', (error) => {
        // Spawning failed (the program vanished after it was found, or may not be run).
        if (child.pid === undefined) finish({ kind: 'not-started', reason: error.message });
      });
      child.once('exit', (code, signal) => {
        exitCode = code ?? (signal ? 128 + signalNumber(signal) : 1);
        setTimeout(() => finish({ kind: 'exit', code: exitCode ?? 1 }), DRAIN_MS).unref();
      });
      child.once('close', () => finish({ kind: 'exit', code: exitCode ?? 1 }));
    });
  }
}

/** Signals the program's whole process group; it may be gone already. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has ended.
  }
}

/** A program killed by a signal ends as a shell would report it: 128 + the signal's number. */
function signalNumber(signal: NodeJS.Signals): number {
  return constants.signals[signal] ?? 0;
}

/** How a step is shown: `> npm install --no-audit`, with `node` for the server's own Node. */
function commandLine(step: Pick<ResolvedStep, 'program' | 'args'>): string {
  return [step.program, ...step.args]
    .map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part))
    .join(' ');
}

/**
 * What other areas do when a terminal command they queued succeeds. The client sends an
 * `extend` of `<prefix>:<argument>` with the command (the module installer queues
 * `web-install.<pm>` with `module-install:<uid>`); after the command exits 0, the handlers
 * registered for that prefix run with the argument. A handler that throws turns the
 * command's success into a failure (as the original's step 7 does).
 */

export interface TerminalSuccess {
  /** The command key that succeeded (`web-install.npm`). */
  command: string;
  /** What followed the prefix in `extend` (`module-install:blog` → `blog`). */
  argument: string;
}

export type TerminalSuccessHook = (success: TerminalSuccess) => void | Promise<void>;

const PREFIX = /^[a-z][a-z0-9-]{0,49}$/;

export class TerminalSuccessHooks {
  private readonly hooks = new Map<string, TerminalSuccessHook[]>();

  /** Runs `hook` after every successful command whose `extend` is `<prefix>:<argument>`. */
  onTerminalSuccess(prefix: string, hook: TerminalSuccessHook): void {
    if (!PREFIX.test(prefix)) throw new Error(`Invalid terminal hook prefix "${prefix}"`);
    this.hooks.set(prefix, [...(this.hooks.get(prefix) ?? []), hook]);
  }

  async run(command: string, extend: string): Promise<void> {
    const colon = extend.indexOf(':');
    if (colon <= 0) return;
    const hooks = this.hooks.get(extend.slice(0, colon)) ?? [];
    const argument = extend.slice(colon + 1);
    for (const hook of hooks) await hook({ command, argument });
  }
}

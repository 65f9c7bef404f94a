/**
 * From the key a client sends to what runs: the key must have the shape the contract
 * allows (nothing more: no spaces, no shell characters) and name a whitelist entry; every
 * program it runs must be installed, found on the commands' PATH, before anything starts.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { TERMINAL_COMMAND_PATTERN } from '@portico/shared';
import type { CommandStep, TerminalCommand, Whitelist } from './commands.js';

export interface ResolvedStep extends CommandStep {
  /** The executable's absolute path. */
  path: string;
}

export type Resolution = { steps: ResolvedStep[] } | { missing: string };

/** The whitelist entry a key names, or null for anything else. */
export function lookupCommand(whitelist: Whitelist, key: string): TerminalCommand | null {
  if (!TERMINAL_COMMAND_PATTERN.test(key)) return null;
  return whitelist.get(key) ?? null;
}

/** Each step's program found on `path` (`node` is the server's own Node), or the first one missing. */
export function resolveSteps(command: TerminalCommand, path: string): Resolution {
  const steps: ResolvedStep[] = [];
  for (const step of command.steps) {
    const found = step.program === 'node' ? process.execPath : findProgram(step.program, path);
    if (!found) return { missing: step.program };
    steps.push({ ...step, path: found });
  }
  return { steps };
}

/** The first executable file called `name` in the folders of `path`, or null. */
function findProgram(name: string, path: string): string | null {
  for (const folder of path.split(delimiter)) {
    if (!folder || !isAbsolute(folder)) continue;
    const candidate = join(folder, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

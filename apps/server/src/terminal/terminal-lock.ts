/**
 * One terminal command at a time on the machine, across server processes sharing the data
 * folder: a lock file created exclusively, holding the owner's process id.
 *
 * A lock is stale when its owner is gone (the process crashed mid-command), or when it is
 * older than any command may run (the id was taken by an unrelated process since). Taking
 * over a stale lock goes through a second exclusive step (a `.takeover` folder), so of two
 * processes that both saw the same stale lock only one removes it, and neither can remove
 * a fresh lock the other has just created.
 */
import { mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A takeover folder (or an empty lock) this old belongs to a process that died at that moment. */
const TAKEOVER_STALE_MS = 10_000;

/** Lock files this process holds (two terminals of one process share the answer). */
const heldHere = new Set<string>();

export class TerminalLock {
  /** @param staleAfterMs how old a lock may get while its owner still runs a command */
  constructor(
    private readonly file: string,
    private readonly staleAfterMs: number,
  ) {}

  /** True when this process now holds the lock; false while another command runs. */
  acquire(): boolean {
    if (heldHere.has(this.file)) return false;
    mkdirSync(dirname(this.file), { recursive: true });
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        writeFileSync(this.file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
        heldHere.add(this.file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (!this.removeIfStale()) return false;
    }
    return false;
  }

  release(): void {
    if (!heldHere.delete(this.file)) return;
    try {
      if (ownerOf(readFileSync(this.file, 'utf8')) === process.pid) unlinkSync(this.file);
    } catch {
      // Already gone.
    }
  }

  /** Removes the lock when it is stale; true when the way is free to try again. */
  private removeIfStale(): boolean {
    const seen = this.read();
    if (!seen) return true;
    if (!this.isStale(seen)) return false;
    const takeover = `${this.file}.takeover`;
    try {
      mkdirSync(takeover);
    } catch {
      this.clearDeadTakeover(takeover);
      return false;
    }
    try {
      const now = this.read();
      // Still the very lock judged stale (not one created meanwhile): remove it.
      if (now && now.text === seen.text && now.mtimeMs === seen.mtimeMs) unlinkSync(this.file);
      return true;
    } finally {
      rmdirSync(takeover);
    }
  }

  private isStale(lock: { text: string; mtimeMs: number }): boolean {
    if (Date.now() - lock.mtimeMs > this.staleAfterMs) return true;
    const pid = ownerOf(lock.text);
    // Empty: its owner has created it and is about to write its id (or died right then).
    if (pid === null) return Date.now() - lock.mtimeMs > TAKEOVER_STALE_MS;
    // This process holds no lock (checked in acquire), so one naming it was left by a failed release.
    if (pid === process.pid) return true;
    return !isRunning(pid);
  }

  private read(): { text: string; mtimeMs: number } | null {
    try {
      const { mtimeMs } = statSync(this.file);
      return { text: readFileSync(this.file, 'utf8'), mtimeMs };
    } catch {
      return null;
    }
  }

  private clearDeadTakeover(takeover: string): void {
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(takeover);
    } catch {
      // Finished meanwhile.
    }
  }
}

function ownerOf(text: string): number | null {
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

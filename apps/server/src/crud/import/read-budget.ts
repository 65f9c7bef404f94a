/**
 * What reading one upload may cost: unpacked bytes (each zip entry, and all of them together)
 * and time. An upload is a few MiB, but a zip can unpack into gigabytes and a crafted file can
 * be slow to read; past either bound the import is refused with a message, never a crash.
 * Reading also gives way to other requests between slices, so even a large valid file never
 * holds the event loop for long.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ApiError } from '../../http/errors.js';

export interface ReadLimits {
  /** The most one entry of a workbook may unpack to. */
  entryBytes: number;
  /** The most the entries read from one workbook may unpack to together. */
  totalBytes: number;
  /** How long reading one file may take, waits for other requests included. */
  milliseconds: number;
}

export const READ_LIMITS: ReadLimits = {
  entryBytes: 32 * 1024 * 1024,
  totalBytes: 64 * 1024 * 1024,
  milliseconds: 15_000,
};

/** Characters handed to a parser before it gives way to other requests. */
const SLICE_CHARS = 16 * 1024;

export const tooLarge = () => new ApiError('The file is too large to import');
export const unreadable = () => new ApiError('The file could not be read as CSV or Excel');

export class ReadBudget {
  private unpacked = 0;
  private readonly deadline: number;

  constructor(readonly limits: ReadLimits = READ_LIMITS) {
    this.deadline = performance.now() + limits.milliseconds;
  }

  /** Counts unpacked bytes; refuses once the file's total passes its bound. */
  spend(bytes: number): void {
    this.unpacked += bytes;
    if (this.unpacked > this.limits.totalBytes) throw tooLarge();
  }

  /** Lets other requests run, then refuses if the file has taken too long already. */
  async giveWay(): Promise<void> {
    await nextTurn();
    if (performance.now() > this.deadline) throw new ApiError('The file took too long to read');
  }
}

/** Feeds text to `write` in slices, giving way between them. */
export async function writeInSlices(
  text: string,
  write: (slice: string) => void,
  budget: ReadBudget,
): Promise<void> {
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    write(text.slice(at, at + SLICE_CHARS));
    await budget.giveWay();
  }
}

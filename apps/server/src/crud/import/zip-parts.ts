/**
 * The parts of an uploaded zip (a workbook) by name, each opened only when asked for and
 * streamed as text in slices within the file's read budget: a part is never held unpacked,
 * and one that would unpack past the bounds is refused before or while it is read.
 */
import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import { ApiError } from '../../http/errors.js';
import { type ReadBudget, tooLarge, unreadable, writeInSlices } from './read-budget.js';

export interface ZipParts {
  has(name: string): boolean;
  /** Streams the part's text to `write` (nothing when the zip has no such part). */
  read(name: string, write: (text: string) => void): Promise<void>;
  close(): void;
}

export async function openZip(bytes: Buffer, budget: ReadBudget): Promise<ZipParts> {
  const zip = await yauzl
    .fromBufferPromise(bytes, { lazyEntries: true, autoClose: false })
    .catch(() => Promise.reject(unreadable()));
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      entries.set(entry.fileName, entry);
      // A directory of very many entries is read in turns too.
      if (entries.size % 1000 === 0) await budget.giveWay();
    }
  } catch (error) {
    zip.close();
    throw error instanceof ApiError ? error : unreadable();
  }
  return {
    has: (name) => entries.has(name),
    read: async (name, write) => {
      const entry = entries.get(name);
      if (!entry) return;
      // The size a zip declares is checked against what it unpacks to (validateEntrySizes).
      if (entry.uncompressedSize > budget.limits.entryBytes) throw tooLarge();
      const stream = await zip.openReadStreamPromise(entry).catch(() => Promise.reject(unreadable()));
      const decoder = new StringDecoder('utf8');
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > budget.limits.entryBytes) throw tooLarge();
          budget.spend(chunk.length);
          await writeInSlices(decoder.write(chunk), write, budget);
        }
        write(decoder.end());
      } catch (error) {
        throw error instanceof ApiError ? error : unreadable();
      } finally {
        stream.destroy();
      }
    },
    close: () => zip.close(),
  };
}

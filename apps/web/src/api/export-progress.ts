/**
 * How many rows of an exported file have arrived, counted exactly from the bytes as they
 * stream in (the progress bar of an export divides it by the server's `x-export-rows`).
 *
 * CSV: a row ends at each `\n` outside a double-quoted field; the first line is the header.
 * XLSX: the sheet is the zip's first entry (XLSX_SHEET_ENTRY), deflated; its bytes are inflated
 * as they come and each `</row>` ends a row, the first being the header.
 *
 * A decompressor meeting bytes after the end of the deflate stream errors, and Chromium's then
 * drops the output it had not handed over yet (the sheet's last rows). So the entry's end is
 * found first, from the sizes in its local header or from the data descriptor that follows it,
 * and only the entry's own bytes are inflated; an error on anything else is ignored.
 */

/** Bytes as a fetch body's reader hands them over. */
export type Bytes = Uint8Array<ArrayBuffer>;

export interface RowCounter {
  /** Takes the file's next bytes; settles once they are counted (the caller's back-pressure). */
  push(chunk: Bytes): Promise<void>;
  /** The file is complete: the number of data rows it holds. */
  end(): Promise<number>;
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;

/** Counts CSV rows; `onRows` hears each new count of complete data rows. */
export function csvRowCounter(onRows: (rows: number) => void = () => {}): RowCounter {
  let inQuotes = false;
  let lines = 0;
  /** Bytes after the last line end: a last line without `\n` still counts at the end. */
  let lineOpen = false;
  const rows = (complete: number) => Math.max(0, complete - 1);
  return {
    async push(chunk) {
      const before = lines;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        // A doubled quote inside a quoted field toggles twice: still inside.
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === NEWLINE && !inQuotes) {
          lines++;
          lineOpen = false;
          continue;
        }
        lineOpen = true;
      }
      if (lines !== before) onRows(rows(lines));
    },
    async end() {
      if (lineOpen) lines++;
      lineOpen = false;
      onRows(rows(lines));
      return rows(lines);
    },
  };
}

/** `</row>`: its six bytes are all different, so a mismatch restarts at 0 (or 1 on `<`). */
const ROW_END = [0x3c, 0x2f, 0x72, 0x6f, 0x77, 0x3e];

/** Counts `</row>` in a byte stream, matches split across chunks included. */
function rowEndCounter() {
  let matched = 0;
  let count = 0;
  return {
    feed(bytes: Bytes): number {
      for (let i = 0; i < bytes.length; i++) {
        const byte = bytes[i];
        if (byte === ROW_END[matched]) {
          matched++;
          if (matched === ROW_END.length) {
            count++;
            matched = 0;
          }
        } else matched = byte === ROW_END[0] ? 1 : 0;
      }
      return count;
    },
  };
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DATA_DESCRIPTOR = 0x08074b50;
const LOCAL_HEADER_SIZE = 30;
/** Bytes a data descriptor is recognised by: signature or not, with the next header's signature. */
const LOOKAHEAD = 16;
const HAS_DESCRIPTOR = 0x08;
const STORED = 0;
const DEFLATED = 8;

/** Counts the rows of an XLSX whose first entry is its sheet (see the module comment). */
export function xlsxRowCounter(onRows: (rows: number) => void = () => {}): RowCounter {
  const rowEnds = rowEndCounter();
  let header: Bytes = new Uint8Array(0);
  /** Where the entry's data starts in the file and how long it is (null: not known from the header). */
  let dataStart = -1;
  let dataLength: number | null = null;
  /** Entry bytes passed on, and the last few held back until it is clear they are not a descriptor. */
  let passed = 0;
  let held: Bytes = new Uint8Array(0);
  let finished = false;
  let sink: Sink | null = null;
  let rows = 0;

  const report = (ends: number) => {
    const next = Math.max(0, ends - 1);
    if (next !== rows) {
      rows = next;
      onRows(rows);
    }
  };

  /** Passes entry bytes on; `last` ends the entry. */
  const pass = async (bytes: Bytes, last: boolean) => {
    if (!sink) return;
    if (bytes.length > 0) await sink.write(bytes);
    passed += bytes.length;
    if (last) {
      finished = true;
      await sink.close();
    }
  };

  const takeEntryBytes = async (chunk: Bytes) => {
    if (finished) return;
    if (dataLength !== null) {
      const room = dataLength - passed;
      await pass(chunk.subarray(0, room), chunk.length >= room);
      return;
    }
    const bytes = concat(held, chunk);
    const at = descriptorAt(bytes, passed);
    if (at >= 0) {
      held = new Uint8Array(0);
      await pass(bytes.subarray(0, at), true);
      return;
    }
    const keep = Math.min(bytes.length, LOOKAHEAD - 1);
    held = bytes.slice(bytes.length - keep);
    await pass(bytes.subarray(0, bytes.length - keep), false);
  };

  return {
    async push(chunk) {
      if (dataStart < 0) {
        header = concat(header, chunk);
        const parsed = parseLocalHeader(header);
        if (!parsed) return;
        dataStart = parsed.dataStart;
        dataLength = parsed.dataLength;
        sink = inflater(parsed.method, (bytes) => report(rowEnds.feed(bytes)));
        const rest = header.subarray(dataStart);
        header = new Uint8Array(0);
        await takeEntryBytes(rest);
        return;
      }
      await takeEntryBytes(chunk);
    },
    async end() {
      if (!finished) await pass(held, true);
      await sink?.done;
      return rows;
    },
  };
}

interface Sink {
  write(bytes: Bytes): Promise<void>;
  close(): Promise<void>;
  /** Settles once every output byte has been counted. */
  done: Promise<void>;
}

/** Inflates (or passes on, for a stored entry) and hands each piece of output to `onOutput`. */
function inflater(method: number, onOutput: (bytes: Bytes) => void): Sink {
  if (method === STORED) {
    return {
      write: async (bytes) => onOutput(bytes),
      close: async () => {},
      done: Promise.resolve(),
    };
  }
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // Bytes after the deflate stream's end make the decompressor error: what it gave is counted,
  // the rest of the file is not the sheet's.
  let broken = false;
  const done = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        onOutput(value);
      }
    } catch {
      broken = true;
    }
  })();
  const settle = (promise: Promise<void>) =>
    promise.catch(() => {
      broken = true;
    });
  return {
    write: (bytes) => (broken ? Promise.resolve() : settle(writer.write(bytes))),
    close: () => (broken ? Promise.resolve() : settle(writer.close())),
    done,
  };
}

/** The first entry's method and where its data starts, once the header has arrived whole. */
function parseLocalHeader(
  bytes: Bytes,
): { method: number; dataStart: number; dataLength: number | null } | null {
  if (bytes.length < LOCAL_HEADER_SIZE) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== LOCAL_HEADER) throw new Error('Not a zip file');
  const method = view.getUint16(8, true);
  if (method !== DEFLATED && method !== STORED) throw new Error(`Unsupported zip method ${method}`);
  const flags = view.getUint16(6, true);
  const compressedSize = view.getUint32(18, true);
  const dataStart = LOCAL_HEADER_SIZE + view.getUint16(26, true) + view.getUint16(28, true);
  if (bytes.length < dataStart) return null;
  // Sizes in the header when no descriptor follows (0xffffffff: in a zip64 extra field instead).
  const known = (flags & HAS_DESCRIPTOR) === 0 && compressedSize !== 0xffffffff;
  return { method, dataStart, dataLength: known ? compressedSize : null };
}

/**
 * Where the data descriptor starts in `bytes` (the entry's bytes from `offset` on), or -1: a
 * descriptor holds the entry's compressed size, which is where it stands, so a match is no
 * coincidence. Signed: `PK\7\8`, crc, size. Unsigned: crc, size, size, then the next header.
 */
function descriptorAt(bytes: Bytes, offset: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + LOOKAHEAD <= bytes.length; i++) {
    const size = (offset + i) >>> 0;
    // The signature's first byte, or the size's: most positions are rejected on one byte.
    const signed = bytes[i] === 0x50 && view.getUint32(i, true) === DATA_DESCRIPTOR;
    if (signed && view.getUint32(i + 8, true) === size) return i;
    if (bytes[i + 4] === (size & 0xff) && view.getUint32(i + 4, true) === size) {
      const next = view.getUint32(i + 12, true);
      if (next === LOCAL_HEADER || next === CENTRAL_HEADER) return i;
    }
  }
  return -1;
}

function concat(a: Bytes, b: Bytes): Bytes {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** The counter for a format. */
export function rowCounter(format: 'csv' | 'xlsx', onRows: (rows: number) => void): RowCounter {
  return format === 'csv' ? csvRowCounter(onRows) : xlsxRowCounter(onRows);
}

/**
 * A command's output as the stream sends it: one message per line, in UTF-8 whatever the
 * program wrote (UTF-8, or GB18030/GBK as Chinese Windows tools do), colour codes and other
 * terminal control removed, `\r\n` and `\r` ending lines like `\n`, blank lines dropped.
 * Memory stays bounded: only the unfinished last line is kept, and a line longer than
 * MAX_LINE_BYTES is sent in pieces.
 */

const MAX_LINE_BYTES = 16 * 1024;
const LF = 0x0a;
const CR = 0x0d;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gb18030 = new TextDecoder('gb18030');

/** Escape sequences: CSI (colours, cursor moves), OSC (titles, links), and the short ones. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control is the point.
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: what is left of terminal control after ESCAPES.
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g;

function decodeLine(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = gb18030.decode(bytes);
  }
  return text.replace(ESCAPES, '').replace(CONTROLS, '').trimEnd();
}

/**
 * Does the unfinished last line look like a question waiting for an answer? `(Y/n)`,
 * `[y/N]`, `(yes/no)`, npx's `(y)`, Inquirer's `? Question`, or a line ending in `?`.
 * Only judged after the program has been quiet for a moment (see runner.ts), so a line
 * merely split between two writes is not taken for a prompt.
 */
export function looksLikePrompt(partial: string): boolean {
  const text = partial.trim();
  if (text === '') return false;
  return (
    /[([]\s*y(?:es)?\s*\/\s*n(?:o)?\s*[)\]]\s*[:?]?$/i.test(text) ||
    /\(y\)$/i.test(text) ||
    /^\?\s/.test(text) ||
    /\?$/.test(text)
  );
}

export class OutputLines {
  private pending: Buffer = Buffer.alloc(0);
  /** A `\r` ended the last chunk: a `\n` opening the next belongs to it. */
  private afterCr = false;

  constructor(private readonly emit: (line: string) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte !== LF && byte !== CR) continue;
      if (byte === LF && i === 0 && this.afterCr) {
        start = 1;
        this.afterCr = false;
        continue;
      }
      this.line(chunk.subarray(start, i));
      if (byte === CR && chunk[i + 1] === LF) i++;
      start = i + 1;
    }
    this.afterCr = chunk.length > 0 && chunk[chunk.length - 1] === CR;
    this.append(chunk.subarray(start));
  }

  /** The unfinished last line, as text. */
  partial(): string {
    return decodeLine(this.pending);
  }

  /** Sends the unfinished last line (the program has ended). */
  flush(): void {
    this.line(Buffer.alloc(0));
  }

  private append(bytes: Buffer): void {
    this.pending = this.pending.length === 0 ? Buffer.from(bytes) : Buffer.concat([this.pending, bytes]);
    while (this.pending.length > MAX_LINE_BYTES) {
      this.send(this.pending.subarray(0, MAX_LINE_BYTES));
      this.pending = Buffer.from(this.pending.subarray(MAX_LINE_BYTES));
    }
  }

  private line(end: Buffer): void {
    const bytes = this.pending.length === 0 ? end : Buffer.concat([this.pending, end]);
    this.pending = Buffer.alloc(0);
    for (let at = 0; at < bytes.length; at += MAX_LINE_BYTES) {
      this.send(bytes.subarray(at, at + MAX_LINE_BYTES));
    }
  }

  private send(bytes: Uint8Array): void {
    const text = decodeLine(bytes);
    if (text.trim() !== '') this.emit(text);
  }
}

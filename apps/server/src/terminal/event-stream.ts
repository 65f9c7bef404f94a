/**
 * The terminal's side of the event stream (as in the original): unbuffered
 * `text/event-stream`, every message one `data:` line holding `{data, uuid, extend, key}`
 * and a blank line. A comment line every few seconds keeps proxies from closing a stream
 * while a long install prints nothing.
 */
import type { ServerResponse } from 'node:http';
import { TerminalFlag, type TerminalMessage } from '@portico/shared';

const KEEP_ALIVE_MS = 15_000;

export class EventStream {
  private ended = false;
  /** The client went away before the stream was ended. */
  private gone = false;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    private readonly res: ServerResponse,
    private readonly base: Omit<TerminalMessage, 'data'>,
    headers: Record<string, string | number | string[] | undefined>,
  ) {
    const given = Object.entries(headers).filter(([, value]) => value !== undefined);
    res.writeHead(200, {
      ...(Object.fromEntries(given) as Record<string, string | number | string[]>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    res.on('close', () => {
      clearInterval(this.keepAlive);
      this.gone = !this.ended;
      this.ended = true;
      if (this.gone) for (const listener of this.closeListeners) listener();
    });
  }

  /** Called when the client goes away before the stream was ended (at once if it has already). */
  onClose(listener: () => void): void {
    if (this.gone) listener();
    else this.closeListeners.push(listener);
  }

  /** Called once the client has taken what was written (after `send` answered false). */
  onDrain(listener: () => void): void {
    this.res.once('drain', listener);
  }

  /** One message; false when the client is behind and the sender should wait for `onDrain`. */
  send(data: string): boolean {
    const message: TerminalMessage = {
      data,
      uuid: this.base.uuid,
      extend: this.base.extend,
      key: this.base.key,
    };
    return this.write(`data: ${JSON.stringify(message)}\n\n`);
  }

  /** The last messages: success or error, then completed; the stream ends. */
  finish(success: boolean): void {
    this.send(success ? TerminalFlag.execSuccess : TerminalFlag.execError);
    this.send(TerminalFlag.execCompleted);
    this.end();
  }

  /** An error line, then the error and completed flags. */
  fail(line: string): void {
    this.send(line);
    this.finish(false);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepAlive);
    this.res.end();
  }

  private write(text: string): boolean {
    if (this.ended || this.res.destroyed) return true;
    return this.res.write(text);
  }
}

/**
 * Driving the terminal as a browser does: a ticket through the API, then the event stream
 * over a real socket (so a test can hang up mid-command), read message by message.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  TERMINAL_STREAM_URL,
  TERMINAL_TICKET_URL,
  TerminalFlag,
  type TerminalMessage,
} from '@portico/shared';
import type { TerminalCommand } from '../../src/terminal/commands.js';
import { call, type TestApp } from './test-app.js';

export interface OpenStream {
  messages: TerminalMessage[];
  headers: Promise<IncomingHttpHeaders>;
  /** Every message, once the server ended the stream. */
  ended: Promise<TerminalMessage[]>;
  /** Resolves when a message's data satisfies `test` (rejects after `timeoutMs`). */
  waitFor(test: (data: string) => boolean, timeoutMs?: number): Promise<void>;
  /** Hangs up, as a closed browser tab does. */
  close(): void;
}

/** Starts listening on a free port (the stream needs a real socket) and answers the base URL. */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function ticketFor(t: TestApp, token: string): Promise<string> {
  const res = await call(t.app, 'POST', TERMINAL_TICKET_URL, { token });
  if (res.code !== 1) throw new Error(`no ticket: ${res.msg}`);
  return res.data.ticket as string;
}

export function openStream(
  baseUrl: string,
  query: Record<string, string>,
  path = TERMINAL_STREAM_URL,
): OpenStream {
  const messages: TerminalMessage[] = [];
  const waiters = new Set<() => void>();
  let resolveHeaders: (headers: IncomingHttpHeaders) => void = () => {};
  const headers = new Promise<IncomingHttpHeaders>((resolve) => (resolveHeaders = resolve));
  let request: ReturnType<typeof get> | undefined;
  const ended = new Promise<TerminalMessage[]>((resolve, reject) => {
    const url = `${baseUrl}${path}?${new URLSearchParams({ uuid: 'test-uuid', extend: '', server: '1', ...query })}`;
    request = get(url, { headers: { accept: 'text/event-stream', 'accept-language': 'en' } }, (res) => {
      resolveHeaders(res.headers);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of event.split('\n')) {
            if (line.startsWith('data: ')) messages.push(JSON.parse(line.slice(6)) as TerminalMessage);
          }
          end = buffer.indexOf('\n\n');
        }
        for (const waiter of waiters) waiter();
      });
      res.on('end', () => resolve(messages));
      res.on('error', () => resolve(messages));
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') resolve(messages);
      else reject(error);
    });
  });
  return {
    messages,
    headers,
    ended,
    waitFor(test, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!messages.some((m) => test(m.data))) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no such message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.data))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      request?.destroy();
    },
  };
}

/** The data of each message, for comparing the order. */
export function dataOf(messages: TerminalMessage[]): string[] {
  return messages.map((m) => m.data);
}

export const FLAGS = TerminalFlag;

/** A project folder of its own for commands that change files: never the checkout under test. */
export function scratchProject(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-project-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** A test-only whitelist entry: the server's Node running `script` in `cwd`. */
export function nodeScript(cwd: string, script: string): TerminalCommand {
  return { cwd, steps: [{ program: 'node', args: ['-e', script] }] };
}

/**
 * Whether a process still runs. A killed program's own children end as zombies until the
 * machine's init reaps them (which may take a while in a container): dead all the same.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    // No /proc (not Linux): the signal check is all there is.
    return existsSync(`/proc/${pid}`) || process.platform !== 'linux';
  }
}

export async function until(test: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return test();
}

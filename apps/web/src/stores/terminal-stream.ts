/**
 * Runs one task's event stream: asks for a ticket, opens the EventSource and turns what it
 * hears into queue events. The stream never reconnects: a reconnect would run the command again.
 */
import { TERMINAL_STREAM_URL, type TerminalMessage } from '@portico/shared';
import { terminalTicket } from '../api/backend/terminal';
import type { TerminalTask } from './terminal-queue';

export interface StreamListener {
  message(uuid: string, data: string): void;
  /** The stream could not be opened or broke off. */
  error(uuid: string): void;
}

function streamUrl(task: Pick<TerminalTask, 'command' | 'uuid' | 'extend'>, ticket: string): string {
  const query = new URLSearchParams({
    command: task.command,
    uuid: task.uuid,
    extend: task.extend,
    ticket,
    server: '1',
  });
  return `${TERMINAL_STREAM_URL}?${query}`;
}

/** The stream's message, or null for anything that is not one. */
function parseMessage(text: string): TerminalMessage | null {
  try {
    const message = JSON.parse(text) as Partial<TerminalMessage> | null;
    if (typeof message?.data !== 'string' || typeof message.uuid !== 'string') return null;
    return message as TerminalMessage;
  } catch {
    return null;
  }
}

/**
 * Leaving the page (a reload, another address) aborts the stream, and the browser reports
 * that as a stream error. Taken as one, it would store the task as Failed; a task cut off by
 * a reload must come back Unknown (as in the original). So while the page is on its way out, an
 * error is only reported if the page is still there a moment later (a cancelled unload).
 */
let leaving = false;
let leavingTimer: ReturnType<typeof setTimeout> | undefined;
const LEAVING_GRACE_MS = 3000;
if (typeof window !== 'undefined') {
  const markLeaving = () => {
    leaving = true;
    clearTimeout(leavingTimer);
    leavingTimer = setTimeout(() => {
      leaving = false;
    }, LEAVING_GRACE_MS);
  };
  window.addEventListener('beforeunload', markLeaving);
  window.addEventListener('pagehide', markLeaving);
}

/** Opens the task's stream; answers a function that closes it. */
export function openTaskStream(task: TerminalTask, listener: StreamListener): () => void {
  let closed = false;
  let source: EventSource | null = null;

  terminalTicket().then(
    ({ data }) => {
      if (closed) return;
      source = new EventSource(streamUrl(task, data.ticket));
      source.onmessage = (event: MessageEvent<string>) => {
        const message = parseMessage(event.data);
        if (message && !closed) listener.message(message.uuid, message.data);
      };
      source.onerror = () => {
        source?.close();
        const report = () => {
          if (!closed) listener.error(task.uuid);
        };
        if (leaving) setTimeout(report, LEAVING_GRACE_MS);
        else report();
      };
    },
    // The request layer has already shown why (no permission, network down).
    () => {
      if (!closed) listener.error(task.uuid);
    },
  );

  return () => {
    closed = true;
    source?.close();
  };
}

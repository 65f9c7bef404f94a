/**
 * How the request layer tells the user: antd's message, loaded on first use. The first
 * visit of the login page shows no message before the first answer, so its load does
 * without the message code (about 9 KB gzipped).
 */
import type { MessageInstance } from 'antd/es/message/interface';

let message: Promise<MessageInstance> | null = null;

function show(kind: 'success' | 'error', text: string): void {
  message ??= import('antd/es/message').then((module) => module.default);
  void message.then((instance) => instance[kind](text));
}

/** An object rather than bare functions, so tests can watch what is shown. */
export const notifier = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
};

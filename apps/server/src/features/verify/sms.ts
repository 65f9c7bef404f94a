/**
 * Sending SMS codes, through the provider chosen in the `sms_provider` setting:
 * - `log` (development): nothing leaves the machine; the message is written to the server
 *   log and kept in `outbox` (the latest 50), where tests and developers read it.
 * - `http`: a GET of the `sms_http_url` template with {mobile}, {code} and {template}
 *   replaced, URL-encoded. Any 2xx answer counts as sent.
 * - empty: SMS is off, and mobile verification is not offered.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/errors.js';
import type { Settings } from '../config/index.js';

export interface SmsMessage {
  mobile: string;
  template: string;
  code: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

const OUTBOX_SIZE = 50;

export class SmsGateway {
  /** Messages of the development provider, newest last. */
  readonly outbox: SmsMessage[] = [];

  constructor(
    private readonly settings: Settings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async available(): Promise<boolean> {
    return (await this.provider()) !== null;
  }

  async send(message: SmsMessage): Promise<void> {
    const provider = await this.provider();
    if (!provider) throw new ApiError('SMS sending service unavailable');
    await provider.send(message);
  }

  private async provider(): Promise<SmsProvider | null> {
    const name = await this.settings.get('sms_provider');
    if (name === 'log') return { send: async (message) => this.record(message) };
    if (name === 'http') {
      const template = await this.settings.get('sms_http_url');
      return /^https?:\/\//i.test(template) ? httpProvider(template) : null;
    }
    return null;
  }

  private record(message: SmsMessage): void {
    this.outbox.push(message);
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.shift();
    this.log.info({ sms: message }, 'SMS (development provider, not sent)');
  }
}

function httpProvider(template: string): SmsProvider {
  return {
    async send({ mobile, template: templateCode, code }) {
      const url = template
        .replaceAll('{mobile}', encodeURIComponent(mobile))
        .replaceAll('{code}', encodeURIComponent(code))
        .replaceAll('{template}', encodeURIComponent(templateCode));
      let status: number;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        throw new ApiError('SMS sending failed: %s', [describe(error).slice(0, 200)]);
      }
      if (status < 200 || status >= 300) throw new ApiError('SMS sending failed: %s', [`HTTP ${status}`]);
    },
  };
}

/** fetch's own message is only "fetch failed"; the reason (ECONNREFUSED, a timeout) is its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

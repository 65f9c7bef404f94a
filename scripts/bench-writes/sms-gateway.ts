/**
 * The SMS gateway the bench's server sends registration codes to: the site's own `http` SMS
 * provider (features/verify/sms.ts) pointed at a listener in the bench process, so members
 * register through the real code check, as a site with an SMS gateway has them, without a
 * backdoor in the server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsGateway {
  /** The `sms_http_url` setting: a template with {mobile} and {code} (see sms.ts). */
  urlTemplate: string;
  /** The last code sent to `mobile`. */
  codeFor(mobile: string): string | undefined;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const codes = new Map<string, string>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const mobile = url.searchParams.get('mobile');
    const code = url.searchParams.get('code');
    if (mobile && code) codes.set(mobile, code);
    response.writeHead(mobile && code ? 200 : 400).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/sms?mobile={mobile}&code={code}`,
    codeFor: (mobile) => codes.get(mobile),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A real SMTP server (smtp-server) on a free loopback port that keeps what it receives, for
 * tests of the test mail and of verification codes sent by e-mail.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The raw message, headers and body. */
  raw: string;
}

export interface Mailbox {
  port: number;
  password: string;
  received: ReceivedMail[];
  /** The latest verification code (six digits) sent to `address`. */
  codeFor(address: string): string | undefined;
  close(): Promise<void>;
}

/**
 * `starttls` offers STARTTLS with smtp-server's own certificate; otherwise plain text.
 * `refusal` words the answer to a wrong password (a careless server may echo it back).
 */
export async function startMailbox(
  password: string,
  options: { starttls?: boolean; refusal?: (triedPassword: string) => string } = {},
): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: !options.starttls,
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    onAuth: (auth, _session, done) =>
      auth.password === password
        ? done(null, { user: auth.username })
        : done(new Error(options.refusal?.(auth.password ?? '') ?? 'bad password')),
    onData: (stream, session, done) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? ''),
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    password,
    received,
    codeFor: (address) => {
      const mail = received.findLast((m) => m.to.includes(address));
      return mail ? /\b(\d{6})\b/.exec(bodyText(mail.raw))?.[1] : undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A header as the reader's mail program shows it: folded lines joined and RFC 2047 encoded
 * words (=?UTF-8?Q?...?= or ?B?, used for non-ASCII subjects) decoded.
 */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The message body as text: quoted-printable soft breaks joined, a base64 body decoded. */
function bodyText(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n');
  if (/^Content-Transfer-Encoding: base64/im.test(raw)) {
    return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
  }
  return body.replace(/=\r?\n/g, '');
}

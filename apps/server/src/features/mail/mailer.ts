/**
 * Sending mail through the site's SMTP settings with nodemailer: SSL means TLS from the
 * first byte (usually port 465); TLS means STARTTLS, required. Failures come back as a
 * clear message for the administrator testing the settings (never a stack, never the
 * password); callers that answer visitors log it and say something generic instead.
 */
import { ApiError } from '../../http/errors.js';
import type { Settings } from '../config/index.js';

export interface MailSettings {
  smtp_server: string;
  smtp_port: string;
  smtp_user: string;
  smtp_pass: string;
  smtp_verification: string;
  smtp_sender_mail: string;
}

export const MAIL_SETTING_NAMES: (keyof MailSettings)[] = [
  'smtp_server',
  'smtp_port',
  'smtp_user',
  'smtp_pass',
  'smtp_verification',
  'smtp_sender_mail',
];

export async function storedMailSettings(settings: Settings): Promise<MailSettings> {
  const entries = await Promise.all(
    MAIL_SETTING_NAMES.map(async (name) => [name, await settings.get(name)] as const),
  );
  return Object.fromEntries(entries) as unknown as MailSettings;
}

export function mailConfigured(mail: MailSettings): boolean {
  return ['smtp_server', 'smtp_port', 'smtp_user', 'smtp_pass', 'smtp_sender_mail'].every(
    (name) => mail[name as keyof MailSettings].trim() !== '',
  );
}

export async function sendMail(
  mail: MailSettings,
  message: { to: string; subject: string; html: string },
): Promise<void> {
  if (!mailConfigured(mail)) throw new ApiError('Please complete the mail configuration first');
  const port = Number(mail.smtp_port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new ApiError('Please complete the mail configuration first');
  const ssl = mail.smtp_verification.toUpperCase() === 'SSL';
  // Loaded on first use: most processes never send mail, and it costs about 8 MB of memory.
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host: mail.smtp_server,
    port,
    secure: ssl,
    requireTLS: !ssl && mail.smtp_verification.toUpperCase() === 'TLS',
    auth: { user: mail.smtp_user, pass: mail.smtp_pass },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Self-signed certificates are common on internal mail relays; the password still travels encrypted.
    tls: { rejectUnauthorized: false },
  });
  try {
    await transport.sendMail({
      from: { name: mail.smtp_user, address: mail.smtp_sender_mail },
      to: message.to,
      subject: message.subject,
      html: message.html,
    });
  } catch (error) {
    const reason = error instanceof Error ? withoutSecret(error.message, mail) : 'unknown error';
    throw new ApiError('Mail sending failed: %s', [reason.slice(0, 200)]);
  } finally {
    transport.close();
  }
}

/**
 * The transport's message without the SMTP password, plain or in the base64 forms AUTH
 * LOGIN and AUTH PLAIN send it in: a server may quote what it was sent when refusing it.
 */
function withoutSecret(message: string, mail: MailSettings): string {
  const secret = mail.smtp_pass;
  if (secret === '') return message;
  const forms = [
    secret,
    Buffer.from(secret).toString('base64'),
    Buffer.from(`\u0000${mail.smtp_user}\u0000${secret}`).toString('base64'),
  ];
  return forms.reduce((text, form) => text.replaceAll(form, '******'), message);
}

/**
 * What the mail feature offers other features: sending through the site's SMTP settings and
 * reading those settings. Verification codes go out by mail, and the config screen edits and
 * tests the settings, so both use the one mailer rather than each building a transport.
 */
export {
  MAIL_SETTING_NAMES,
  type MailSettings,
  mailConfigured,
  sendMail,
  storedMailSettings,
} from './mailer.js';

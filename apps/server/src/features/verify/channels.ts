/**
 * The two ways a member proves an address: a code by e-mail or by SMS. Each channel names
 * its column, its events and its messages, so the sending and checking code is written once.
 */
import { EMAIL_PATTERN, MESSAGES, MOBILE_PATTERN } from '@portico/shared';
import type { AppContext } from '../../context.js';
import { mailConfigured, storedMailSettings } from '../mail/index.js';

export type ChannelName = 'email' | 'mobile';

export interface Channel {
  name: ChannelName;
  pattern: RegExp;
  /** Message key of a malformed address. */
  formatMessage: string;
  maxLength: number;
  messages: {
    unavailable: string;
    tooSoon: string;
    registered: string;
    occupied: string;
    notRegistered: string;
    notYours: string;
    sent: string;
  };
}

export const CHANNELS: Record<ChannelName, Channel> = {
  email: {
    name: 'email',
    pattern: EMAIL_PATTERN,
    formatMessage: MESSAGES.email,
    maxLength: 50,
    messages: {
      unavailable: 'Mail sending service unavailable',
      tooSoon: 'Frequent email sending',
      registered: 'Email has been registered, please log in directly',
      occupied: 'The email has been occupied',
      notRegistered: 'Email not registered',
      notYours: 'Please use the account registration email to send the verification code',
      sent: 'Mail sent successfully~',
    },
  },
  mobile: {
    name: 'mobile',
    pattern: MOBILE_PATTERN,
    formatMessage: MESSAGES.mobile,
    maxLength: 11,
    messages: {
      unavailable: 'SMS sending service unavailable',
      tooSoon: 'Frequent SMS sending',
      registered: 'Mobile number has been registered, please log in directly',
      occupied: 'The mobile number has been occupied',
      notRegistered: 'Mobile number not registered',
      notYours: 'Please use the account registration mobile to send the verification code',
      sent: 'SMS sent successfully~',
    },
  },
};

/** Code events and what they require of the address. */
export const CODE_EVENTS = {
  user_register: 'unused',
  user_retrieve_pwd: 'registered',
  user_email_verify: 'own',
  user_mobile_verify: 'own',
  user_change_email: 'unused',
  user_change_mobile: 'unused',
} as const;

export type CodeEvent = keyof typeof CODE_EVENTS;

/** The events that make sense on a channel (no e-mail code to verify a mobile number). */
export function channelEvents(channel: ChannelName): CodeEvent[] {
  const other = channel === 'email' ? 'mobile' : 'email';
  return (Object.keys(CODE_EVENTS) as CodeEvent[]).filter((event) => !event.includes(other));
}

export async function channelAvailable(ctx: AppContext, channel: ChannelName): Promise<boolean> {
  return channel === 'email' ? mailConfigured(await storedMailSettings(ctx.settings)) : ctx.sms.available();
}

/** `accountVerificationType` of the member forms: the channels that can deliver a code now. */
export async function verificationChannels(ctx: AppContext): Promise<ChannelName[]> {
  const names: ChannelName[] = ['email', 'mobile'];
  const open = await Promise.all(names.map((name) => channelAvailable(ctx, name)));
  return names.filter((_, i) => open[i]);
}

/**
 * Sending a code takes an image captcha, whatever the stored login-captcha switches say;
 * only USER_LOGIN_CAPTCHA=0 (automated test environments) turns it off.
 */
export function sendCodeCaptchaOn(ctx: AppContext): boolean {
  return ctx.config.userLoginCaptcha !== false;
}

/** Administrators' second factor on the wire: the sign-in's second step and the profile's set-up. */

/** The login answer when the password is right and a second factor is still needed. */
export interface SecondStep {
  /** verify: ask for a code; enrol: a group requires a second factor not set up yet. */
  step: 'verify' | 'enrol';
  /** Carries the sign-in to its second step: minutes long, for one session. */
  ticket: string;
}

/** A new secret to scan (`uri`, an otpauth:// address) or type (`secret`, base32). */
export interface Enrolment {
  secret: string;
  uri: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** One of the administrator's groups requires it: it cannot be turned off. */
  required: boolean;
  recoveryCodesLeft: number;
}

/** A code from an authenticator app: six digits. */
export const APP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as stored: ten letters of a lower-case base32 without i, l, o and u. */
export const RECOVERY_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{10}$/;

/** A typed code as checked: spaces and hyphens dropped (recovery codes show as `xxxxx-xxxxx`), lower case. */
export function normaliseSecondFactorCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

/** Whether a typed code has the shape of an app code or, when `recovery` is allowed, of a recovery code. */
export function isSecondFactorCode(code: string, recovery: boolean): boolean {
  const typed = normaliseSecondFactorCode(code);
  return APP_CODE_PATTERN.test(typed) || (recovery && RECOVERY_CODE_PATTERN.test(typed));
}

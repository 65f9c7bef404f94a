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

/**
 * The administrators' second factor, for the two-factor area's profile and reset screens. The
 * service stays in the core because sign-in itself checks and enrols it; the area only
 * serves the screens over it (docs/architecture.md, "Security baseline").
 */
export {
  beginEnrolment,
  codeBody,
  confirmEnrolment,
  confirmWithCode,
  enrolmentAnswer,
  recoveryCodesAnswer,
  removeTwoFactor,
  renewRecoveryCodes,
  twoFactorStatus,
} from '../../../apps/server/src/features/two-factor/index.js';

/**
 * The administrators' second factor, core because sign-in needs it: sign-in asks what a
 * password-checked administrator still needs, and checks or enrols the second factor; the
 * console's password reset removes it. The two-factor area (areas/two-factor) serves the
 * profile's and the super administrator's screens over the same service, through the SDK.
 */

export { codeBody, enrolmentAnswer, recoveryCodesAnswer } from './schemas.js';
export {
  beginEnrolment,
  CODE_FAILURE_LIMIT,
  type CodeCheck,
  checkSecondFactor,
  confirmEnrolment,
  confirmWithCode,
  LOCKED_LOG_TITLE,
  lockedError,
  removeTwoFactor,
  renewRecoveryCodes,
  type SecondStep,
  secondStepFor,
  twoFactorStatus,
} from './two-factor.js';

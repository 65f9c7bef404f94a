/**
 * What the two-factor feature offers others: sign-in asks what a password-checked
 * administrator still needs, and checks or enrols the second factor; the console's password
 * reset removes it.
 */

export {
  beginEnrolment,
  CODE_FAILURE_LIMIT,
  type CodeCheck,
  checkSecondFactor,
  confirmEnrolment,
  LOCKED_LOG_TITLE,
  lockedError,
  removeTwoFactor,
  type SecondStep,
  secondStepFor,
} from './two-factor.js';
export {
  codeBody,
  enrolmentAnswer,
  recoveryCodesAnswer,
  registerTwoFactorRoutes,
} from './two-factor.routes.js';

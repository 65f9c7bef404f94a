/**
 * What the two-factor feature offers others: sign-in asks what a password-checked
 * administrator still needs, and checks or enrols the second factor.
 */

export {
  beginEnrolment,
  type CodeCheck,
  checkSecondFactor,
  confirmEnrolment,
  type SecondStep,
  secondStepFor,
} from './two-factor.js';
export {
  codeBody,
  enrolmentAnswer,
  recoveryCodesAnswer,
  registerTwoFactorRoutes,
} from './two-factor.routes.js';

/**
 * What the two-factor feature offers others: sign-in asks what a password-checked
 * administrator still needs, and checks or enrols the second factor; the console's password
 * reset removes it.
 */

export {
  beginEnrolment,
  type CodeCheck,
  checkSecondFactor,
  confirmEnrolment,
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

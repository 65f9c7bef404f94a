/**
 * The second factor's shared parts: the code form, the enrolment QR code and the recovery codes
 * (the sign-in's second step uses them too, so they stay core), the profile's calls, and their
 * styles, which importing this file brings along.
 */
import '../../../apps/web/src/components/two-factor/two-factor.css';

export {
  beginTwoFactorSetup,
  disableTwoFactor,
  type Enrolment,
  enableTwoFactor,
  renewRecoveryCodes,
  type TwoFactorStatus,
  twoFactorStatus,
} from '../../../apps/web/src/api/backend/two-factor';
export { CodeForm } from '../../../apps/web/src/components/two-factor/code-form';
export { EnrolmentQr } from '../../../apps/web/src/components/two-factor/enrolment-qr';
export { RecoveryCodes } from '../../../apps/web/src/components/two-factor/recovery-codes';

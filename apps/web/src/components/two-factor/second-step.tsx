/**
 * The sign-in's second step, after the password was accepted: a code from the app or a
 * recovery code; or, when a group requires a second factor not set up yet, the new key to
 * scan, its first code, then the recovery codes. Loaded only when a sign-in needs it, so the
 * QR code stays out of the login page's first load.
 */
import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Enrolment,
  enrolAtSignIn,
  type SecondStep,
  type SignedIn,
  secondStepSignIn,
} from '../../api/backend/two-factor';
import { loadBackendTexts } from '../../lang';
import { CodeForm } from './code-form';
import { EnrolmentQr } from './enrolment-qr';
import { RecoveryCodes } from './recovery-codes';
import './two-factor.css';

interface Props {
  pending: SecondStep;
  keep: boolean;
  onSignedIn(answer: SignedIn): void;
  /** Back to the password (the ticket timed out, or the user asked). */
  onRestart(): void;
}

export default function SecondStepSignIn({ pending, keep, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [withCodes, setWithCodes] = useState<SignedIn | null>(null);
  const [textsLoaded, setTextsLoaded] = useState(false);
  const enrolling = pending.step === 'enrol';

  useEffect(() => {
    loadBackendTexts()
      .then(() => setTextsLoaded(true))
      .catch(onRestart);
  }, [onRestart]);

  useEffect(() => {
    if (!enrolling) return;
    enrolAtSignIn(pending.ticket)
      .then(({ data }) => setEnrolment(data))
      .catch(onRestart);
  }, [enrolling, pending.ticket, onRestart]);

  const submit = async (code: string) => {
    try {
      const { data } = await secondStepSignIn({ ticket: pending.ticket, code, keep });
      if (data.recoveryCodes) setWithCodes(data);
      else onSignedIn(data);
      return true;
    } catch (refusal) {
      // A spent or timed-out ticket: the password comes first again.
      if ((refusal as { code?: number })?.code === 303) onRestart();
      return false;
    }
  };

  if (!textsLoaded) return <Spin style={{ display: 'block' }} />;
  if (withCodes?.recoveryCodes) {
    return (
      <div className="two-factor-step">
        <RecoveryCodes codes={withCodes.recoveryCodes} onDone={() => onSignedIn(withCodes)} />
      </div>
    );
  }
  return (
    <div className="two-factor-step" data-testid="two-factor-step">
      <h1 className="two-factor-step-title">
        {t(enrolling ? 'twoFactor.Your group requires two-factor sign-in' : 'twoFactor.Two-factor sign-in')}
      </h1>
      {enrolling &&
        (enrolment ? <EnrolmentQr enrolment={enrolment} /> : <Spin style={{ display: 'block' }} />)}
      <CodeForm recovery={!enrolling} submitText={t('login.Sign in')} onSubmit={submit} />
      <Button type="link" block onClick={onRestart} style={{ marginTop: 8 }}>
        {t('twoFactor.Back to the password')}
      </Button>
    </div>
  );
}

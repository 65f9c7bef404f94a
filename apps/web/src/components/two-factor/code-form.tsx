/**
 * One field for a second-factor code (six digits from the app, or a recovery code) and its
 * button. The browser may fill it from an SMS-less one-time-code source; Enter submits.
 */
import { isSecondFactorCode } from '@portico/shared';
import { Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  submitText: string;
  /** Accepts recovery codes too (sign-in), or only the app's six digits (set-up). */
  recovery?: boolean;
  /** Resolves false when the code was refused: the field is cleared for another try. */
  onSubmit(code: string): Promise<boolean>;
  danger?: boolean;
}

export function CodeForm({ submitText, recovery = false, onSubmit, danger = false }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!isSecondFactorCode(typed, recovery)) {
      setError(
        t(
          recovery
            ? 'twoFactor.Enter the 6-digit code or a recovery code'
            : 'twoFactor.Enter the 6-digit code',
        ),
      );
      return;
    }
    setError('');
    setSending(true);
    const accepted = await onSubmit(typed);
    setSending(false);
    if (!accepted) setCode('');
  };

  return (
    <form className="two-factor-code-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="two-factor-code-label">
        {t(
          recovery
            ? 'twoFactor.Code from your authenticator app, or a recovery code'
            : 'twoFactor.Code from your authenticator app',
        )}
      </label>
      <Input
        id={id}
        size="large"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 11 : 6}
        status={error ? 'error' : undefined}
        aria-invalid={!!error}
        aria-describedby={`${id}-error`}
        autoFocus
        data-testid="two-factor-code"
      />
      <div id={`${id}-error`} className="two-factor-code-error" role="alert">
        {error}
      </div>
      <Button type="primary" danger={danger} htmlType="submit" block size="large" loading={sending}>
        {submitText}
      </Button>
    </form>
  );
}

/**
 * The sign-in form shared by the admin and member login pages: account, password, the
 * captcha when asked for, "keep me signed in". Validated with the shared rules, messages
 * under each field; Enter submits. Deliberately not antd's Form: the login page is every
 * visitor's first load, and this keeps the form engine out of it. For the same reason the
 * "keep me signed in" box and the submit button are the browser's own, styled to match
 * (login-form.css): antd's Button and Checkbox cost the page 16 KB (gzip).
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { isAccount, isPassword, type Rule } from '@portico/shared';
// antd's Input and Password by their own modules: `Input` from 'antd' carries the search box,
// text area and one-time-code input with it (about 5 KB the sign-in pages never use).
import Input, { type InputRef } from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaInput, newCaptchaId } from './captcha-input';
import { DRAWN_ATTRIBUTE, type DrawnFormState, drawnFormState } from './drawn-form';
import './login-form.css';

export interface LoginValues {
  username: string;
  password: string;
  keep: boolean;
  captchaId: string;
  captcha: string;
}

interface Props {
  /** Needs a captcha answer before submitting. */
  captcha: boolean;
  /** Members may sign in with an e-mail or mobile too, so their account is not checked as a username. */
  accountRule?: Rule;
  accountPlaceholder: string;
  /** Resolves false when the sign-in failed (a used captcha is then replaced). */
  onSubmit(values: LoginValues): Promise<boolean>;
}

/** What was typed into the form drawn at build time, as this form's values. */
function typedValues({ values: typed }: DrawnFormState) {
  const text = (name: string) => (typeof typed[name] === 'string' ? typed[name] : '');
  return { username: text('username'), password: text('password'), keep: typed.keep === true };
}

export function LoginForm({ captcha, accountRule = isAccount, accountPlaceholder, onSubmit }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ username: '', password: '', captcha: '', keep: false });
  const [errors, setErrors] = useState<Partial<Record<'username' | 'password' | 'captcha', string>>>({});
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [submitting, setSubmitting] = useState(false);
  const account = useRef<InputRef>(null);
  const form = useRef<HTMLFormElement>(null);
  // What the drawn form held, once its values are this form's: the caret goes back where it was
  // (setting a field's value moves it to the end) and a sign-in asked there is sent.
  const [handedOver, setHandedOver] = useState<DrawnFormState | null>(null);

  // Committed over the drawn form (sign-in-shell.tsx removes it next, before the paint).
  useLayoutEffect(() => {
    const drawn = drawnFormState();
    if (!drawn) return;
    setValues((current) => ({ ...current, ...typedValues(drawn) }));
    setHandedOver(drawn);
  }, []);
  useLayoutEffect(() => {
    if (!handedOver) return;
    const { focus, submitted } = handedOver;
    const field = focus && form.current?.elements.namedItem(focus.name);
    if (field instanceof HTMLInputElement && focus) {
      field.focus();
      if (field.type !== 'checkbox') field.setSelectionRange(focus.start, focus.end);
    }
    if (submitted) form.current?.requestSubmit();
  }, [handedOver]);

  // The account field takes the focus once the form is on screen, not as React commits it
  // (`autoFocus`): focusing an element makes the browser lay the page out there and then, before
  // its first paint, and on a cold sign-in that forced layout cost 30-40 ms of main thread.
  // Only when no field has it yet, as `autoFocus` does: on a slow machine the visitor (or a
  // password manager) may be in the password field by then, and what they typed next went into
  // the account field.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body) account.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const check = (value: string, required: string, rule?: Rule): string | undefined => {
    if (value.trim() === '') return t(required);
    const verdict = rule ? rule(value) : true;
    return verdict === true ? undefined : t(`validate.${verdict}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: check(values.username, 'login.Please enter an account', accountRule),
      password: check(values.password, 'login.Please input a password', isPassword),
      captcha: captcha ? check(values.captcha, 'login.Please enter the verification code') : undefined,
    };
    setErrors(found);
    if (found.username || found.password || found.captcha) return;
    setSubmitting(true);
    const succeeded = await onSubmit({ ...values, username: values.username.trim(), captchaId });
    setSubmitting(false);
    if (!succeeded) {
      setCaptchaId(newCaptchaId());
      setValues((v) => ({ ...v, captcha: '' }));
    }
  };

  const field = (name: keyof typeof errors, input: ReactNode) => (
    <div className={`ba-login-field${errors[name] ? ' has-error' : ''}`}>
      {input}
      <div className="ba-login-error" role="alert">
        {errors[name] ?? ''}
      </div>
    </div>
  );

  return (
    // Marked when drawn at build time (src/prerender.tsx): the page's head script holds its
    // submission back, and this form takes over what was typed there.
    <form
      ref={form}
      className="ba-login-form"
      onSubmit={submit}
      noValidate
      {...(import.meta.env.SSR ? { [DRAWN_ATTRIBUTE]: '' } : {})}
    >
      {field(
        'username',
        <Input
          size="large"
          id="username"
          name="username"
          ref={account}
          prefix={<UserOutlined />}
          placeholder={accountPlaceholder}
          value={values.username}
          onChange={(event) => setValues({ ...values, username: event.target.value })}
          status={errors.username ? 'error' : undefined}
          autoComplete="username"
          allowClear
        />,
      )}
      {field(
        'password',
        <Password
          size="large"
          id="password"
          name="password"
          prefix={<LockOutlined />}
          placeholder={t('login.Please input a password')}
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          status={errors.password ? 'error' : undefined}
          autoComplete="current-password"
        />,
      )}
      {captcha &&
        field(
          'captcha',
          <CaptchaInput
            captchaId={captchaId}
            onRefresh={() => setCaptchaId(newCaptchaId())}
            value={values.captcha}
            onChange={(captchaValue) => setValues({ ...values, captcha: captchaValue })}
          />,
        )}
      <label className="ba-login-keep">
        <input
          type="checkbox"
          name="keep"
          checked={values.keep}
          onChange={(event) => setValues({ ...values, keep: event.target.checked })}
        />
        {t('login.Hold session')}
      </label>
      {/* Disabled while the answer is awaited: neither a click nor Enter sends the form twice. */}
      <button type="submit" className="ba-login-submit" disabled={submitting} aria-busy={submitting}>
        {submitting && <span className="ba-login-spinner" aria-hidden="true" />}
        {t('login.Sign in')}
      </button>
    </form>
  );
}

/** Form rules the member pages and forms share, from the validators both sides use. */
import { isAccount, isEmail, isMobile, isNickname, isPassword, type Rule } from '@portico/shared';
import type { Rule as FormRule } from 'antd/es/form';
import { unlessUntouched } from '../form/rules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function sharedRule(
  check: Rule,
  t: Translate,
  requiredMessage: string,
): Exclude<FormRule, (...args: never[]) => unknown> {
  return {
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.reject(new Error(t(requiredMessage)));
      const verdict = check(value);
      return verdict === true ? Promise.resolve() : Promise.reject(new Error(t(`validate.${verdict}`)));
    },
  };
}

export const passwordRule = (t: Translate) => sharedRule(isPassword, t, 'login.Please input a password');

export const addressRule = (t: Translate, channel: 'email' | 'mobile') =>
  sharedRule(channel === 'email' ? isEmail : isMobile, t, `account.Please enter your ${channel}`);

export const accountRule = (t: Translate) => sharedRule((v) => isAccount(v.trim()), t, 'validate.Required');

/** The shared nickname rule; the nickname the form was opened with stands (see unlessUntouched). */
export const nicknameRule = (t: Translate, field = 'nickname') =>
  unlessUntouched(field, sharedRule(isNickname, t, 'validate.Required'));

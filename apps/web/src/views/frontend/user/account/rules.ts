/** Form rules the member pages share, from the validators both sides use. */
import { isAccount, isEmail, isMobile, isName, isPassword, type Rule } from '@portico/shared';
import type { Rule as FormRule } from 'antd/es/form';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function sharedRule(check: Rule, t: Translate, requiredMessage: string): FormRule {
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

export const nameRule = (t: Translate) => sharedRule((v) => isName(v.trim()), t, 'validate.Required');

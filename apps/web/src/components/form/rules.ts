/**
 * Form validation by rule name, from the shared validators (packages/shared), so the
 * browser refuses the same input as the server with the same message. Empty values pass
 * every rule except `required`.
 */
import {
  isAccount,
  isEmail,
  isMobile,
  isPassword,
  isVariableName,
  type Rule as SharedRule,
} from '@portico/shared';
import type { FormRule } from 'antd';

export type RuleName =
  | 'required'
  | 'email'
  | 'mobile'
  | 'account'
  | 'password'
  | 'number'
  | 'integer'
  | 'url'
  | 'varName';

const isNumber: SharedRule = (v) =>
  (v.trim() !== '' && Number.isFinite(Number(v))) || 'Please enter the correct number';
const isInteger: SharedRule = (v) => /^-?\d+$/.test(v.trim()) || 'Please enter the correct integer';
const isUrl: SharedRule = (v) => /^(https?:\/\/|\/)\S+$/i.test(v.trim()) || 'Please enter the correct URL';

const CHECKS: Record<Exclude<RuleName, 'required'>, SharedRule> = {
  email: isEmail,
  mobile: isMobile,
  account: isAccount,
  password: isPassword,
  number: isNumber,
  integer: isInteger,
  url: isUrl,
  varName: isVariableName,
};

export function buildRules(
  names: RuleName[],
  label: string,
  t: (key: string, params?: Record<string, unknown>) => string,
): FormRule[] {
  return names.map((name) => {
    if (name === 'required') {
      return { required: true, message: t('Please input field', { field: label }) };
    }
    const check = CHECKS[name];
    return {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const verdict = check(String(value));
        if (verdict !== true) throw new Error(t(`validate.${verdict}`));
      },
    };
  });
}

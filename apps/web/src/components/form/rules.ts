/**
 * Form validation by rule name, from the shared validators (packages/shared), so the
 * browser refuses the same input as the server with the same message. Empty values pass
 * every rule except `required`.
 */
import { RULES_BY_NAME } from '@portico/shared';
import type { FormRule } from 'antd';

export type RuleName = 'required' | keyof typeof RULES_BY_NAME;

export function buildRules(
  names: RuleName[],
  label: string,
  t: (key: string, params?: Record<string, unknown>) => string,
  field?: string,
): FormRule[] {
  return names.map((name) => {
    if (name === 'required') {
      return { required: true, message: t('Please input field', { field: label }) };
    }
    const check = RULES_BY_NAME[name];
    const rule: FormRule = {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const verdict = check(String(value));
        if (verdict !== true) throw new Error(t(`validate.${verdict}`));
      },
    };
    return name === 'nickname' && field ? unlessUntouched(field, rule) : rule;
  });
}

/**
 * Checks `field` only once it has been changed. The server lets a stored nickname that
 * predates the shared rule be saved back unchanged, so a form opened on such an account
 * can still save its other fields; a nickname typed in must follow the rule.
 */
export function unlessUntouched(
  field: string,
  rule: Exclude<FormRule, (...args: never[]) => unknown>,
): FormRule {
  return ({ isFieldTouched }) => (isFieldTouched(field) ? rule : {});
}

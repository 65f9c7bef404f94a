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
): FormRule[] {
  return names.map((name) => {
    if (name === 'required') {
      return { required: true, message: t('Please input field', { field: label }) };
    }
    const check = RULES_BY_NAME[name];
    return {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const verdict = check(String(value));
        if (verdict !== true) throw new Error(t(`validate.${verdict}`));
      },
    };
  });
}

/** Adapts the shared validators (packages/shared) to antd form rules, translating their messages. */
import type { Rule as SharedRule } from '@portico/shared';
import type { FormRule } from 'antd';

export function ruleOf(check: SharedRule, t: (key: string) => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const verdict = check(String(value));
      if (verdict !== true) throw new Error(t(`validate.${verdict}`));
    },
  };
}

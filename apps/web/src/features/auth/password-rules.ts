import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { requiredRule } from '../../components/form/required-rule';
import { messageText } from '../../lib/i18n';

/** Confirmation field: required, and equal to `otherField` (MSG_03_2). */
export function confirmPasswordRules(t: TFunction, otherField: string): FormRule[] {
  return [
    requiredRule(t),
    ({ getFieldValue }) => ({
      validator: async (_rule, value) => {
        if (value && value !== getFieldValue(otherField)) throw new Error(messageText(t, 'MSG_03_2'));
      },
    }),
  ];
}

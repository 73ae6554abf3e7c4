import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { messageText } from '../../lib/i18n';

/** A required field: MSG_00_21 unless another code is given. */
export function requiredRule(t: TFunction, code = 'MSG_00_21'): FormRule {
  return { required: true, message: messageText(t, code) };
}

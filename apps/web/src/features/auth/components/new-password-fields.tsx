import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { newPasswordSchema } from '@junkan/shared/validation';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-errors';
import { confirmPasswordRules } from '../password-rules';

/** A new password (ruling 6, MSG_03_1) and its confirmation (MSG_03_2), as sign-up, reset and change ask for them. */
export function NewPasswordFields(props: {
  name: string;
  confirmName: string;
  labelKey: 'field.password' | 'field.newPassword';
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={props.name}
        label={t(props.labelKey)}
        extra={t('signup.passwordHint')}
        // The zod rule checks emptiness itself; antd marks a field required only when told.
        required
        rules={[zodRule(newPasswordSchema, t)]}
      >
        <Input.Password autoComplete="new-password" maxLength={MAX_LENGTH.password} />
      </Form.Item>
      <Form.Item
        name={props.confirmName}
        label={t('field.confirmPassword')}
        dependencies={[props.name]}
        rules={confirmPasswordRules(t, props.name)}
      >
        <Input.Password autoComplete="new-password" maxLength={MAX_LENGTH.password} />
      </Form.Item>
    </>
  );
}

import { passwordChangeRequestSchema } from '@junkan/shared/api/auth';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError, zodRule } from '../../../lib/form-errors';
import { setToken } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { changePassword } from '../api/password';
import { NewPasswordFields } from './new-password-fields';

interface ChangePasswordValues {
  oldPass: string;
  newPass: string;
  confirmPass: string;
}

/**
 * The password change: the current password, the new one twice. The change ends every sign-in of the account
 * (other browsers too); this tab carries on with the token the answer gives. `onChanged` runs after the toast.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<ChangePasswordValues>();
  const mutation = useMutation({
    mutationFn: (values: ChangePasswordValues) =>
      changePassword({ oldPass: values.oldPass, newPass: values.newPass }),
    onSuccess: ({ token }) => {
      setToken(token);
      void message.success(t('password_changed'));
      form.resetFields();
      onChanged?.();
    },
    onError: (error) => showApiError({ error, t, message, form }),
  });

  return (
    <Form<ChangePasswordValues> form={form} layout="vertical" onFinish={(values) => mutation.mutate(values)}>
      <Form.Item
        name="oldPass"
        label={t('field.currentPassword')}
        required
        rules={[zodRule(passwordChangeRequestSchema.shape.oldPass, t)]}
      >
        <Input.Password autoComplete="current-password" maxLength={MAX_LENGTH.password} />
      </Form.Item>
      <NewPasswordFields name="newPass" confirmName="confirmPass" labelKey="field.newPassword" />
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('changePassword.submit')}
      </Button>
    </Form>
  );
}

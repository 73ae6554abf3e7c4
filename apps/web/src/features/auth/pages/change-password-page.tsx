import { passwordChangeRequestSchema } from '@junkan/shared/api/auth';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError, zodRule } from '../../../lib/form-errors';
import { setToken } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { changePassword } from '../api/password';
import { NewPasswordFields } from '../components/new-password-fields';

interface ChangePasswordForm {
  oldPass: string;
  newPass: string;
  confirmPass: string;
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<ChangePasswordForm>();
  const mutation = useMutation({
    mutationFn: (values: ChangePasswordForm) =>
      changePassword({ oldPass: values.oldPass, newPass: values.newPass }),
    onSuccess: ({ token }) => {
      // The change ended every sign-in of the account (other browsers too); this tab carries on with the new one.
      setToken(token);
      void message.success(t('password_changed'));
      form.resetFields();
    },
    onError: (error) => showApiError({ error, t, message, form }),
  });

  return (
    <Card title={t('menu.changePassword')} style={{ maxWidth: 520 }}>
      <Form<ChangePasswordForm> form={form} layout="vertical" onFinish={(values) => mutation.mutate(values)}>
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
    </Card>
  );
}

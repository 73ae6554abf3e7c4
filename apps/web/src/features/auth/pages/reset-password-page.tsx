import { passwordWithConfirmSchema } from '@junkan/shared/api/auth';
import { paths } from '@junkan/shared/paths';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { PublicPage } from '../../../components/public-page';
import { isApiError } from '../../../lib/api-client';
import { setZodIssues, showApiError } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { resetLinkQueryOptions, resetPassword, sendPasswordResetEmail } from '../api/password';
import { BackToLoginLink, EmailField } from '../components/email-step-parts';
import { NewPasswordFields } from '../components/new-password-fields';

export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return token ? <NewPasswordStep token={token} /> : <EmailStep />;
}

function EmailStep() {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<{ email: string }>();
  const [notice, setNotice] = useState<{ type: 'error' | 'success'; text: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (email: string) => sendPasswordResetEmail(email),
    onSuccess: ({ result }, email) =>
      setNotice(
        result ? { type: 'success', text: t('MSG_02_2', { email }) } : { type: 'error', text: t('MSG_02_1') },
      ),
    onError: (error) => {
      if (isApiError(error) && error.code === 'network_error')
        setNotice({ type: 'error', text: t('server_error') });
      else showApiError({ error, t, message, form });
    },
  });
  return (
    <PublicPage title={t('resetPassword.title')}>
      <Typography.Paragraph type="secondary">{t('resetPassword.emailLead')}</Typography.Paragraph>
      {notice && (
        <Alert
          data-testid="reset-notice"
          type={notice.type}
          showIcon
          title={notice.text}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ email }) => {
          setNotice(null);
          mutation.mutate(email.trim());
        }}
      >
        <EmailField />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('resetPassword.send')}
        </Button>
      </Form>
      <BackToLoginLink />
    </PublicPage>
  );
}

interface NewPasswordForm {
  password: string;
  confirmPassword: string;
}

function NewPasswordStep({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useToast();
  const [form] = Form.useForm<NewPasswordForm>();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const link = useQuery(resetLinkQueryOptions(token));
  const mutation = useMutation({
    mutationFn: (pass: string) => resetPassword({ pass, token }),
    onSuccess: ({ result }) => {
      if (!result) {
        setErrorCode('invalid_request');
        return;
      }
      void message.success(t('MSG_00_02'));
      navigate(paths.login.to());
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'network_error') setErrorCode('server_error');
      else showApiError({ error, t, message, form, fieldMap: { pass: ['password'] } });
    },
  });

  if (link.isPending) return <PageSpinner />;
  if (link.isError || !link.data.result) {
    return (
      <PublicPage>
        <Result
          data-testid="link-invalid"
          status="warning"
          title={t('resetPassword.linkInvalid')}
          subTitle={t('resetPassword.linkInvalidDescription')}
          extra={
            <LinkButton to={paths.resetPassword.to()} type="primary">
              {t('resetPassword.requestAgain')}
            </LinkButton>
          }
        />
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('resetPassword.newPasswordTitle')}>
      {errorCode && (
        <Alert type="error" showIcon title={messageText(t, errorCode)} style={{ marginBottom: 16 }} />
      )}
      <Form<NewPasswordForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setErrorCode(null);
          const parsed = passwordWithConfirmSchema.safeParse(values);
          if (!parsed.success) {
            setZodIssues(form, parsed.error.issues, t);
            return;
          }
          mutation.mutate(parsed.data.password);
        }}
      >
        <NewPasswordFields name="password" confirmName="confirmPassword" labelKey="field.newPassword" />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </Form>
    </PublicPage>
  );
}

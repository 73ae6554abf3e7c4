import { decideRoute, type LoginRequest, rolesFromAuthorities } from '@junkan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { primePermissions } from '../../../lib/permissions';
import { decodeToken, setToken } from '../../../lib/session';
import { login, loginErrorCode } from '../api/login';

// The schema (and zod) loads on first validation; max lengths are checked by the schema, not the inputs.
const loadSchema = () => import('../login-schema').then((m) => m.loginRequestSchema);

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginRequest>();
  const [errorCode, setErrorCode] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: async (values: LoginRequest) => {
      const { token } = await login(values);
      await primePermissions(queryClient, token);
      return token;
    },
    onSuccess: (token) => {
      const claims = decodeToken(token);
      setToken(token);
      const decision = decideRoute({
        pathname: '/home',
        isSignedIn: true,
        roles: rolesFromAuthorities(claims?.authorities ?? []),
        adminId: claims?.adminId ?? null,
      });
      navigate('redirect' in decision ? decision.redirect : '/home', { replace: true });
    },
    onError: (error) => setErrorCode(loginErrorCode(error)),
  });

  return (
    <PublicPage title={t('login.title')}>
      {errorCode && (
        <Alert
          data-testid="login-error"
          type="error"
          showIcon
          title={messageText(t, errorCode)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<LoginRequest>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setErrorCode(null);
          mutation.mutate(values);
        }}
      >
        <Form.Item
          name="email"
          label={t('field.email')}
          rules={[zodRule(() => loadSchema().then((s) => s.shape.email), t)]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('field.password')}
          rules={[zodRule(() => loadSchema().then((s) => s.shape.password), t)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to="/reset-pass">{t('login.forgotPassword')}</Link>
        <Link to="/account-creation">{t('login.createAccount')}</Link>
      </Flex>
    </PublicPage>
  );
}

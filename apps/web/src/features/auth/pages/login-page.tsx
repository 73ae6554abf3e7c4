import type { LoginRequest } from '@junkan/shared/api/auth';
import { paths } from '@junkan/shared/paths';
import { decideRoute, rolesFromAuthorities } from '@junkan/shared/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  type FieldValidator,
  PlainAlert,
  SubmitButton,
  TextField,
  usePlainForm,
} from '../../../components/public-form';
import { PublicPage } from '../../../components/public-page';
import css from '../../../components/public-ui.module.css';
import { messageText } from '../../../lib/i18n';
import { primePermissions } from '../../../lib/permissions';
import { decodeToken, setToken } from '../../../lib/session';
import { login, loginErrorCode } from '../api/login';

// The schema (and zod) loads on first validation; max lengths are checked by the schema, not the inputs.
const loadSchema = () => import('../login-schema').then((m) => m.loginRequestSchema);

const EMPTY: LoginRequest = { email: '', password: '' };

const validateField: FieldValidator<LoginRequest> = async (name, value) => {
  const result = (await loadSchema()).shape[name].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid_format');
};

/**
 * The page a signed-out user sees first: plain elements (public-form.tsx) rather than antd, so its first
 * load stays under 200 KB of gzip JavaScript (bench/run.ts).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = usePlainForm(EMPTY, validateField);
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
        pathname: paths.home.to(),
        isSignedIn: true,
        roles: rolesFromAuthorities(claims?.authorities ?? []),
        adminId: claims?.adminId ?? null,
      });
      navigate('redirect' in decision ? decision.redirect : paths.home.to(), { replace: true });
    },
    onError: (error) => setErrorCode(loginErrorCode(error)),
  });

  return (
    <PublicPage title={t('login.title')}>
      {errorCode && (
        <PlainAlert data-testid="login-error" type="error">
          {messageText(t, errorCode)}
        </PlainAlert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (mutation.isPending) return;
          setErrorCode(null);
          mutation.mutate(values);
        })}
      >
        <TextField field={form.field('email')} label={t('field.email')} autoComplete="username" />
        <TextField
          field={form.field('password')}
          label={t('field.password')}
          password
          autoComplete="current-password"
        />
        <SubmitButton loading={mutation.isPending}>{t('login.submit')}</SubmitButton>
      </form>
      <div className={css.links}>
        <Link className={css.link} to={paths.resetPassword.to()}>
          {t('login.forgotPassword')}
        </Link>
        <Link className={css.link} to={paths.accountCreation.to()}>
          {t('login.createAccount')}
        </Link>
      </div>
    </PublicPage>
  );
}

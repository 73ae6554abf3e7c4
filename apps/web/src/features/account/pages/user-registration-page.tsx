import type { AccountInfo, AccountInfoInput } from '@junkan/shared/api/users';
import { paths } from '@junkan/shared/paths';
import { registrationRedirect } from '@junkan/shared/quote-banner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountInfoForm } from '../../../components/account-form/account-info-form';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { PublicPage } from '../../../components/public-page';
import { showApiError } from '../../../lib/form-errors';
import { primePermissions } from '../../../lib/permissions';
import { setToken } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { emailTokenQueryOptions, registerUser } from '../api/registration';

export default function UserRegistrationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const check = useQuery(emailTokenQueryOptions(token));

  if (token !== '' && check.isPending) return <PageSpinner />;
  if (token === '' || check.isError || !check.data || check.data.active) {
    const isActive = check.data?.active === true;
    return (
      <PublicPage>
        <Result
          data-testid="registration-link-invalid"
          status="warning"
          title={isActive ? t('registration.alreadyRegistered') : t('token_invalid_or_expired')}
          subTitle={t('registration.invalidDescription')}
          extra={
            <LinkButton to={paths.login.to()} type="primary">
              {t('common.backToLogin')}
            </LinkButton>
          }
        />
      </PublicPage>
    );
  }
  return <RegistrationForm userId={check.data.id} emailToken={token} search={search} />;
}

function RegistrationForm(props: { userId: number; emailToken: string; search: URLSearchParams }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useToast();
  const [form] = Form.useForm<AccountInfoInput>();

  const mutation = useMutation({
    mutationFn: async (values: AccountInfo) => {
      const { token } = await registerUser(props.userId, { ...values, emailToken: props.emailToken });
      await primePermissions(queryClient, token);
      return token;
    },
    onSuccess: (token) => {
      setToken(token);
      void message.success(t('MSG_05_1'));
      const q = (key: string) => props.search.get(key) ?? undefined;
      navigate(registrationRedirect({ type: q('type'), size: q('size'), num: q('num'), week: q('week') }), {
        replace: true,
      });
    },
    onError: (error) => showApiError({ error, t, message, form, fallbackCode: 'register_account_failed' }),
  });

  return (
    <PublicPage title={t('registration.title')} width={960}>
      <Typography.Paragraph type="secondary">{t('registration.lead')}</Typography.Paragraph>
      <AccountInfoForm
        form={form}
        submitLabel={t('registration.submit')}
        submitting={mutation.isPending}
        onSubmit={(values) => mutation.mutate(values)}
      />
    </PublicPage>
  );
}

import { formatPostalCode } from '@junkan/shared/field-rules';
import { paths } from '@junkan/shared/paths';
import { isQuoteBannerShown } from '@junkan/shared/quote-banner';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { readQuoteParams, signup } from '../api/signup';
import { BackToLoginLink, EmailField } from '../components/email-step-parts';
import { NewPasswordFields } from '../components/new-password-fields';

interface SignupForm {
  email: string;
  password: string;
  confirmPassword: string;
}

export default function AccountCreationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useToast();
  const [search] = useSearchParams();
  const [form] = Form.useForm<SignupForm>();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const quote = readQuoteParams(search);

  const mutation = useMutation({
    mutationFn: (values: SignupForm) => signup({ email: values.email, password: values.password, ...quote }),
    onSuccess: () => {
      void message.success(t('MSG_04_3'));
      navigate(paths.login.to());
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.code === 'MSG_04_1')) {
        setInlineError('MSG_04_1');
        return;
      }
      showApiError({ error, t, message, form });
    },
  });

  return (
    <PublicPage title={t('signup.title')} width={520}>
      {isQuoteBannerShown(quote) && (
        <Alert
          data-testid="quote-banner"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('signup.quoteBanner')}
          description={
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'type',
                  label: t('signup.quote.type'),
                  // A type the site does not know is shown as it came rather than hidden.
                  children: t(`signup.quote.typeValue.${quote.type}`, { defaultValue: quote.type }),
                },
                {
                  key: 'pcode',
                  label: t('signup.quote.pcode'),
                  children: formatPostalCode(quote.pcode ?? '') || quote.pcode,
                },
                {
                  key: 'size',
                  label: t('signup.quote.size'),
                  children: t('signup.quote.sizeValue', { size: quote.size }),
                },
                { key: 'num', label: t('signup.quote.num'), children: quote.num },
                {
                  key: 'week',
                  label: t('signup.quote.week'),
                  children: t('signup.quote.weekValue', { week: quote.week }),
                },
              ]}
            />
          }
        />
      )}
      {inlineError && (
        <Alert
          data-testid="signup-error"
          type="error"
          showIcon
          title={messageText(t, inlineError)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<SignupForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setInlineError(null);
          mutation.mutate(values);
        }}
      >
        <EmailField />
        <NewPasswordFields name="password" confirmName="confirmPassword" labelKey="field.password" />
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }} data-testid="edi-note">
          {t('signup.ediNote')}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          {t('signup.submit')}
        </Button>
      </Form>
      <BackToLoginLink />
    </PublicPage>
  );
}

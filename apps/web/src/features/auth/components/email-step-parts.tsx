import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { paths } from '@junkan/shared/paths';
import { emailSchema } from '@junkan/shared/validation';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodRule } from '../../../lib/form-errors';

/** The e-mail address field of sign-up and of a password reset's request (`emailSchema`). */
export function EmailField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="email" label={t('field.email')} rules={[zodRule(emailSchema, t)]}>
      <Input autoComplete="email" maxLength={MAX_LENGTH.email} />
    </Form.Item>
  );
}

/** The way back to sign-in under a signed-out form. */
export function BackToLoginLink() {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 16, textAlign: 'center' }}>
      <Link to={paths.login.to()}>{t('common.backToLogin')}</Link>
    </div>
  );
}

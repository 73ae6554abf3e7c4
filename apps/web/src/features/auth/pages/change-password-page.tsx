import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../components/change-password-form';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.changePassword')} style={{ maxWidth: 520 }}>
      <ChangePasswordForm />
    </Card>
  );
}

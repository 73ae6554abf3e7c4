import { paths } from '@junkan/shared/paths';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      data-testid="forbidden"
      status="403"
      title={t('forbiddenPage.title')}
      subTitle={t('forbiddenPage.description')}
      extra={
        <Button type="primary" onClick={() => navigate(paths.home.to())}>
          {t('common.backToHome')}
        </Button>
      }
    />
  );
}

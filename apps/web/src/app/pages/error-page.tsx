import { APP_BASE, paths } from '@junkan/shared/paths';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../document-title';

/** Router errorElement: an unexpected rendering error. Back to home is a full reload, to recover cleanly. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle('errorPage.title');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Result
      data-testid="error-page"
      status="500"
      title={t('errorPage.title')}
      subTitle={t('errorPage.description')}
      extra={
        <Button type="primary" href={`${APP_BASE}${paths.home.to()}`}>
          {t('common.backToHome')}
        </Button>
      }
    />
  );
}

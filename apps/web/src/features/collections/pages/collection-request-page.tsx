import { paths } from '@junkan/shared/paths';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { useRequestOptions } from '../api/request-options';
import { CollectionRequestForm } from '../components/collection-request-form';

/** /collection-request: the discharger asks for collections on a project in progress. */
export default function CollectionRequestPage() {
  const { t } = useTranslation();
  const options = useRequestOptions();
  if (options.isPending) return <PageSpinner />;
  if (options.isError)
    return (
      <Result
        status="warning"
        title={t('collections.loadFailed')}
        extra={<Button onClick={() => void options.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (options.data.length === 0)
    return (
      <Result
        status="info"
        title={t('collections.noProjects')}
        subTitle={t('collections.noProjectsLead')}
        extra={
          <LinkButton to={paths.projectManagement.to()} type="primary">
            {t('collections.toProjects')}
          </LinkButton>
        }
        data-testid="collection-no-projects"
      />
    );
  return <CollectionRequestForm options={options.data} />;
}

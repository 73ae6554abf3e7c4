import { paths } from '@junkan/shared/paths';
import { isQuoteRequestEditable } from '@junkan/shared/project-status';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useAccountInfo } from '../../../lib/account-info';
import { isApiError } from '../../../lib/api-client';
import { useProjectDetail } from '../../../lib/project-data/project-detail';
import { usePackingStyles } from '../../../lib/reference-data/packing-styles';
import { useUnitMeasures } from '../../../lib/reference-data/unit-measures';
import { useWastes } from '../../../lib/reference-data/wastes';
import { LargeGarbageForm } from '../components/large-garbage-form';

/**
 * /new-quote-request/large-garbage: the industrial (or bulky) waste quote request. Saving makes a draft
 * (POST /projects), then sends each chosen file to it, then opens the edit step.
 */
export default function LargeGarbageQuotePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const projectId = rawId === null ? null : Number(rawId);
  const validId = projectId === null || (Number.isInteger(projectId) && projectId > 0);
  const info = useAccountInfo(false);
  const wastes = useWastes('INDUSTRIAL');
  const units = useUnitMeasures();
  const packing = usePackingStyles();
  const project = useProjectDetail(validId && projectId ? projectId : 0);
  const queries = projectId ? [info, wastes, units, packing, project] : [info, wastes, units, packing];

  if (!validId) return <Result status="404" title={t('industrialQuote.notFound')} />;
  if (queries.some((q) => q.isPending)) return <PageSpinner />;
  if (projectId && isApiError(project.error) && project.error.status === 404)
    return <Result status="404" title={t('industrialQuote.notFound')} />;
  if (
    project.data &&
    (project.data.type !== 'INDUSTRIAL' || !isQuoteRequestEditable(project.data.projectStatus))
  )
    return (
      <Result
        status="info"
        title={t('industrialQuote.notEditable')}
        extra={<Link to={paths.projectDetail.to(project.data.id)}>{t('industrialQuote.toDetail')}</Link>}
      />
    );
  if (!info.data || !wastes.data || !units.data || !packing.data || (projectId && !project.data)) {
    return (
      <Result
        status="warning"
        title={t('industrialQuote.loadFailed')}
        extra={
          <Button type="primary" onClick={() => queries.forEach((q) => void q.refetch())}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <LargeGarbageForm
      key={projectId ?? 'new'}
      project={project.data ?? null}
      info={info.data}
      wastes={wastes.data}
      units={units.data}
      packingStyles={packing.data}
    />
  );
}

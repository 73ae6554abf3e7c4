import { ArrowLeftOutlined } from '@ant-design/icons';
import { paths } from '@junkan/shared/paths';
import { Button, Card, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { useCollectionDetail } from '../api/collection-detail';
import { CollectionActionsBar } from '../components/collection-actions-bar';
import { CollectionFacts } from '../components/collection-facts';
import { HistoryTimeline } from '../components/history-timeline';
import { ProofsCard } from '../components/proofs-card';

/** /collection-schedules/detail/:id: one collection, the actions the caller may take, its history. */
export default function CollectionDetailPage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const id = Number(useParams().id);
  const detail = useCollectionDetail(isTransport, id);
  const back = (
    <LinkButton
      to={`${paths.collectionSchedules.to()}${detail.data ? `?month=${detail.data.date.slice(0, 7)}` : ''}`}
      icon={<ArrowLeftOutlined />}
    >
      {t('collections.detail.backToList')}
    </LinkButton>
  );

  if (!Number.isInteger(id) || id <= 0 || (isApiError(detail.error) && detail.error.status === 404))
    return <Result status="404" title={t('collections.notFound')} extra={back} />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('collections.loadFailed')}
        extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!detail.data) return <PageSpinner />;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('collections.detailTitle')}
        </Typography.Title>
        {back}
      </Flex>
      <Card size="small" style={{ marginBottom: 16 }} title={t('collections.detail.facts')}>
        <CollectionFacts detail={detail.data} />
        <div style={{ marginTop: 16 }}>
          <CollectionActionsBar detail={detail.data} isTransport={isTransport} />
        </div>
      </Card>
      <ProofsCard proofs={detail.data.proofs} isTransport={isTransport} />
      <Card size="small" title={t('collections.detail.history')}>
        <HistoryTimeline history={detail.data.history} />
      </Card>
    </>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import type { AchievementDetail, AchievementDetailQuery } from '@junkan/shared/api/transport-reports';
import { WASTE_TYPE_CODE } from '@junkan/shared/enums';
import { Button, Card, Descriptions, Flex, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useFormModalTarget } from '../../../components/form-modal';
import { LinkButton } from '../../../components/link-button';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitleBar } from '../../../components/page-title-bar';
import { useCompanyFilter } from '../../../lib/company-filter';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { TransportReportDialog } from '../../transport-reports/components/transport-report-dialog';
import { detailCsvFile, saveCsv } from '../achievement-csv';
import {
  type DetailPaging,
  detailLineKey,
  detailParamsOf,
  lastPageIfPast,
  listPathOfDetail,
  parseDetailParams,
  wasteTypeLabelKey,
} from '../achievement-filters';
import { getAllAchievementDetailRows, useAchievementDetail } from '../api/achievement-detail';
import { AchievementDetailTable } from '../components/achievement-detail-table';

/**
 * /achievements/detail?year&month&wasteType&wasteCode&wasteCompanyId: the reports behind one line of the list,
 * a page at a time from the server (page, size and sort in the address). Section 2: no year goes home; another
 * waste type, no reports, or another company chosen in the header goes back to the list.
 */
export default function AchievementDetailPage() {
  const [params, setParams] = useSearchParams();
  const parsed = parseDetailParams(params);
  if ('redirect' in parsed) return <Navigate to={parsed.redirect} replace />;
  // Another page or sort of the same line keeps the view (and the table's last page while the next loads). The
  // change is made to the address as it is now, not this render's: two changes before a render both count.
  const update = (change: Partial<DetailPaging>) => {
    const current = parseDetailParams(new URLSearchParams(window.location.search));
    if ('query' in current) setParams(detailParamsOf({ ...current.query, ...change }), { replace: true });
  };
  return <DetailView key={detailLineKey(parsed.query)} query={parsed.query} update={update} />;
}

function DetailView({
  query,
  update,
}: {
  query: AchievementDetailQuery;
  update: (change: Partial<DetailPaging>) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useToast();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const { companyId } = useCompanyFilter();
  const openedWith = useRef(companyId);
  const detail = useAchievementDetail(isTransport, query);
  // No report at all (not a page past the end) leaves the details.
  const isEmpty = detail.data !== undefined && !detail.isPlaceholderData && detail.data.total === 0;
  const pastEnd =
    detail.data && !detail.isPlaceholderData
      ? lastPageIfPast(query.page, query.size, detail.data.total)
      : null;
  const told = useRef(false);
  const listPath = listPathOfDetail(query);

  // The header's company selector scopes what a transporter sees; another choice leaves these details.
  useEffect(() => {
    if (isTransport && companyId !== openedWith.current) navigate(listPath, { replace: true });
  }, [isTransport, companyId, navigate, listPath]);

  useEffect(() => {
    if (pastEnd !== null && !isEmpty) update({ page: pastEnd });
  }, [pastEnd, isEmpty, update]);

  useEffect(() => {
    if (!isEmpty || told.current) return;
    told.current = true;
    void message.info(t('achievements.detailEmpty'));
    navigate(listPath, { replace: true });
  }, [isEmpty, message, navigate, t, listPath]);

  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('achievements.loadFailed')}
        extra={
          <Flex gap={8} justify="center">
            <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>
            <LinkButton to={listPath}>{t('achievements.backToList')}</LinkButton>
          </Flex>
        }
      />
    );
  if (!detail.data || isEmpty) return <PageSpinner />;
  return (
    <DetailContent
      detail={detail.data}
      query={query}
      update={update}
      isLoading={detail.isPlaceholderData}
      isTransport={isTransport}
      listPath={listPath}
    />
  );
}

function DetailContent({
  detail,
  query,
  update,
  isLoading,
  isTransport,
  listPath,
}: {
  /** The page shown, with the line's header and total. */
  detail: AchievementDetail;
  query: AchievementDetailQuery;
  update: (change: Partial<DetailPaging>) => void;
  /** Another page or sort is on its way; the table still shows the last one. */
  isLoading: boolean;
  isTransport: boolean;
  listPath: string;
}) {
  const { t } = useTranslation();
  const message = useToast();
  // The details of one unit's line: every report is in that unit.
  const byUnit = query.unitId !== undefined;
  const [exporting, setExporting] = useState(false);
  // The file holds every report of the line, in the order shown, not only the page.
  const downloadCsv = async () => {
    setExporting(true);
    try {
      const items = await getAllAchievementDetailRows(isTransport, query);
      saveCsv(detailCsvFile({ ...detail, items, total: items.length }, t, isDischarger));
    } catch {
      void message.error(t('achievements.loadFailed'));
    } finally {
      setExporting(false);
    }
  };
  const isDischarger = !isTransport;
  const dialog = useFormModalTarget<number>();
  const industrial = detail.wasteType === WASTE_TYPE_CODE.INDUSTRIAL;
  const period = detail.month
    ? t('achievements.yearMonthValue', { year: detail.year, month: detail.month })
    : t('achievements.yearValue', { year: detail.year });

  return (
    <>
      <PageTitleBar title={t('achievements.detailTitle')}>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void downloadCsv()}>
            {t('achievements.downloadCsv')}
          </Button>
          <LinkButton to={listPath}>{t('achievements.backToList')}</LinkButton>
        </Flex>
      </PageTitleBar>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          data-testid="achievement-detail-header"
          items={[
            { key: 'period', label: t('achievements.header.period'), children: period },
            {
              key: 'type',
              label: t('achievements.column.type'),
              children: t(wasteTypeLabelKey(detail.wasteType)),
            },
            { key: 'wasteName', label: t('achievements.column.wasteName'), children: detail.wasteName },
            { key: 'company', label: t('achievements.column.company'), children: detail.wasteCompanyName },
            ...(byUnit
              ? [
                  {
                    key: 'unit',
                    label: t('achievements.column.unit'),
                    children: detail.items[0]?.transportVolumeUnit ?? '',
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <AchievementDetailTable
        detail={detail}
        query={query}
        update={update}
        isLoading={isLoading}
        isDischarger={isDischarger}
        industrial={industrial}
        onOpenReport={dialog.show}
      />
      {industrial && (
        <TransportReportDialog
          key={dialog.key}
          open={dialog.open}
          reportId={dialog.editing}
          isTransport={isTransport}
          onClose={dialog.close}
        />
      )}
    </>
  );
}

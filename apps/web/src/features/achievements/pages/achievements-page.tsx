import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitleBar } from '../../../components/page-title-bar';
import { currentJapanYearMonth } from '../../../lib/format';
import { useListPage } from '../../../lib/list-page';
import { type CollectionReport, ReportDeadlinesPanel } from '../../manifests/components/report-deadlines';
import { listCsvFile, saveCsv } from '../achievement-csv';
import {
  type AchievementFilters,
  achievementListQuery,
  filtersToParams,
  parseFilters,
} from '../achievement-filters';
import { csvPeriodOf } from '../achievement-list-values';
import { getAllAchievementLines, useAchievementList } from '../api/achievement-list';
import { AchievementListFilters } from '../components/achievement-list-filters';
import { AchievementListTable } from '../components/achievement-list-table';

// The report forms (and their validation) load when a report is opened, not with the list.
const RegularReportModal = lazy(() =>
  import('../../transport-reports/components/regular-report-modal').then((m) => ({
    default: m.RegularReportModal,
  })),
);
const IndustrialReportModal = lazy(() =>
  import('../../transport-reports/components/industrial-report-modal').then((m) => ({
    default: m.IndustrialReportModal,
  })),
);

/**
 * /achievements: reported volumes by month, waste and discharger (section 2), filtered in the address, with
 * CSV download; a transporter also reports here (regular: monthly weights; industrial: one transport).
 */
export default function AchievementsPage() {
  const { t } = useTranslation();
  const today = currentJapanYearMonth();
  const {
    isTransport,
    isDischarger,
    companyFilter,
    filters,
    update: updateList,
  } = useListPage<AchievementFilters>({
    parse: (params) => parseFilters(params, today),
    toParams: filtersToParams,
  });
  // Another filter starts again at the first page.
  const update = (change: Partial<AchievementFilters>) => updateList({ ...change, page: 1 });
  const list = useAchievementList(isTransport, achievementListQuery(filters, companyFilter));
  const [reportOpen, setReportOpen] = useState(false);
  const [industrialOpen, setIndustrialOpen] = useState(false);
  const [reportLoaded, setReportLoaded] = useState(false);
  const [industrialLoaded, setIndustrialLoaded] = useState(false);
  // A collection's row in the deadlines opens the industrial report with its project and date.
  const [industrialPreset, setIndustrialPreset] = useState<CollectionReport | null>(null);
  const openIndustrial = (preset: CollectionReport | null) => {
    setIndustrialPreset(preset);
    setIndustrialOpen(true);
    setIndustrialLoaded(true);
  };
  const rows = list.data?.items ?? [];
  const latest = list.data?.latestMonth ?? null;
  const total = list.data?.total ?? 0;
  // A page past the end (the header's company changed, or lines went away) goes back to the first page.
  const pastEnd = !list.isPlaceholderData && filters.page > 1 && rows.length === 0 && list.isSuccess;
  useEffect(() => {
    if (pastEnd) updateList({ page: 1 });
  }, [pastEnd, updateList]);
  const [exporting, setExporting] = useState(false);

  // The file holds every line of the filters, not only the page shown.
  const downloadCsv = async () => {
    setExporting(true);
    try {
      const all = await getAllAchievementLines(
        isTransport,
        achievementListQuery(filters, companyFilter, false),
      );
      saveCsv(listCsvFile(all, csvPeriodOf(filters), t, isDischarger));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageTitleBar title={t('achievements.listTitle')}>
        <Space wrap>
          {isTransport && (
            <>
              <Tooltip
                title={
                  list.data?.regularAvailable === false ? t('achievements.regularUnavailable') : undefined
                }
              >
                <Button
                  type="primary"
                  disabled={!list.data?.regularAvailable}
                  onClick={() => {
                    setReportOpen(true);
                    setReportLoaded(true);
                  }}
                >
                  {t('achievements.reportRegular')}
                </Button>
              </Tooltip>
              <Tooltip
                title={
                  list.data?.industryAvailable === false ? t('achievements.industrialUnavailable') : undefined
                }
              >
                <Button
                  type="primary"
                  disabled={!list.data?.industryAvailable}
                  onClick={() => openIndustrial(null)}
                >
                  {t('achievements.reportIndustrial')}
                </Button>
              </Tooltip>
            </>
          )}
          <Button
            icon={<DownloadOutlined />}
            disabled={total === 0}
            loading={exporting}
            onClick={() => void downloadCsv()}
          >
            {t('achievements.downloadCsv')}
          </Button>
        </Space>
      </PageTitleBar>
      {isTransport && <ReportDeadlinesPanel style={{ marginBottom: 16 }} onReport={openIndustrial} />}
      <Card size="small">
        <AchievementListFilters filters={filters} today={today} update={update} />
        {list.isError ? (
          <Result
            status="warning"
            title={t('achievements.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <AchievementListTable
            rows={rows}
            total={total}
            latest={latest}
            filters={filters}
            loading={list.isLoading || list.isPlaceholderData}
            isDischarger={isDischarger}
            update={update}
            updateList={updateList}
          />
        )}
      </Card>
      {isTransport && (
        <Suspense fallback={null}>
          {/* Kept mounted after the first opening, so that closing still animates. */}
          {reportLoaded && <RegularReportModal open={reportOpen} onClose={() => setReportOpen(false)} />}
          {industrialLoaded && (
            <IndustrialReportModal
              open={industrialOpen}
              preset={industrialPreset}
              onClose={() => setIndustrialOpen(false)}
            />
          )}
        </Suspense>
      )}
    </>
  );
}

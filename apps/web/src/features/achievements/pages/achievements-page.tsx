import { DownloadOutlined } from '@ant-design/icons';
import {
  ACHIEVEMENT_PAGE_SIZE,
  type AchievementSortKey,
  type AchievementSummaryRow,
  MAX_LENGTH,
  WASTE_TYPE_CODE,
} from '@junkan/shared';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Result,
  Segmented,
  Select,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressSearch } from '../../../components/address-search';
import { DataTable } from '../../../components/data-table';
import { columnSortOrder, tableChange } from '../../../components/master-list';
import { ReportStatusTag } from '../../../components/report-status-tag';
import { currentJapanYearMonth } from '../../../lib/format';
import { useListPage } from '../../../lib/list-page';
import { type CollectionReport, ReportDeadlinesPanel } from '../../manifests/components/report-deadlines';
import { formatYearMonth, listCsvFile, saveCsv } from '../achievement-csv';
import {
  type AchievementFilters,
  type AchievementPeriod,
  achievementDetailPath,
  achievementListQuery,
  DEFAULT_SORT,
  filtersToParams,
  parseFilters,
  parseWasteType,
  wasteTypeLabelKey,
} from '../achievement-filters';
import { volumeWithUnitText } from '../achievement-volume';
import { getAllAchievementLines, useAchievementList } from '../api/achievement-list';

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

const TYPE_ALL = 'ALL';

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

  const todayIndex = today.year * 12 + today.month;
  const pickerValue = dayjs(`${filters.year}-${String(filters.month).padStart(2, '0')}-01`);

  // The file holds every line of the filters, not only the page shown.
  const downloadCsv = async () => {
    setExporting(true);
    try {
      const all = await getAllAchievementLines(
        isTransport,
        achievementListQuery(filters, companyFilter, false),
      );
      saveCsv(
        listCsvFile(
          all,
          { year: filters.year, month: filters.period === 'monthly' ? filters.month : null },
          t,
          isDischarger,
        ),
      );
    } finally {
      setExporting(false);
    }
  };
  const sortOrder = (key: AchievementSortKey) => columnSortOrder(filters, key);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('achievements.listTitle')}</Typography.Title>
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
      </Flex>
      {isTransport && <ReportDeadlinesPanel style={{ marginBottom: 16 }} onReport={openIndustrial} />}
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} component="div">
          <Form.Item>
            <Segmented<AchievementPeriod>
              aria-label={t('achievements.filter.period')}
              value={filters.period}
              onChange={(period) => update({ period })}
              options={[
                { value: 'annual', label: t('achievements.filter.annual') },
                { value: 'monthly', label: t('achievements.filter.monthly') },
              ]}
            />
          </Form.Item>
          {filters.period === 'monthly' ? (
            <Form.Item label={t('achievements.filter.yearMonth')} htmlFor="achievements-year-month">
              <DatePicker
                id="achievements-year-month"
                picker="month"
                format="YYYY/MM"
                allowClear={false}
                value={pickerValue}
                disabledDate={(d) => d.year() * 12 + d.month() + 1 > todayIndex}
                onChange={(d) => d && update({ year: d.year(), month: d.month() + 1 })}
                style={{ width: 140 }}
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('achievements.filter.year')} htmlFor="achievements-year">
              <DatePicker
                id="achievements-year"
                picker="year"
                format="YYYY"
                allowClear={false}
                value={pickerValue}
                disabledDate={(d) => d.year() > today.year}
                onChange={(d) => d && update({ year: d.year() })}
                style={{ width: 120 }}
              />
            </Form.Item>
          )}
          <Form.Item label={t('achievements.filter.type')} htmlFor="achievements-type">
            <Select<string>
              id="achievements-type"
              value={filters.type === null ? TYPE_ALL : String(filters.type)}
              onChange={(value) => update({ type: parseWasteType(value) })}
              style={{ width: 150 }}
              options={[
                { value: TYPE_ALL, label: t('achievements.filter.typeAll') },
                { value: String(WASTE_TYPE_CODE.INDUSTRIAL), label: t('projectType.INDUSTRIAL') },
                { value: String(WASTE_TYPE_CODE.REGULAR), label: t('projectType.REGULAR') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('achievements.filter.wasteName')} htmlFor="achievements-waste-name">
            <AddressSearch
              id="achievements-waste-name"
              value={filters.wasteName}
              maxLength={MAX_LENGTH.wasteNameSearch}
              onSearch={(wasteName) => update({ wasteName })}
              width={280}
            />
          </Form.Item>
        </Form>
        {list.isError ? (
          <Result
            status="warning"
            title={t('achievements.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <DataTable<AchievementSummaryRow>
            rowKey={(r) =>
              `${r.year}-${r.month}-${r.type}-${r.wasteCode}-${r.wasteCompanyId}-${r.transportVolumeUnitId}`
            }
            size="small"
            loading={list.isLoading || list.isPlaceholderData}
            dataSource={rows}
            locale={{
              emptyText: <EmptyPeriod filters={filters} latest={latest} onShow={update} />,
            }}
            pagination={{
              current: filters.page,
              pageSize: ACHIEVEMENT_PAGE_SIZE,
              total,
              showSizeChanger: false,
              showTotal: (count) => t('achievements.total', { count }),
            }}
            onChange={(pagination, _filters, sorter) => {
              const next = tableChange(pagination, sorter, filters, DEFAULT_SORT);
              updateList({ page: next.page, sort: next.sort, order: next.order });
            }}
            scroll={{ x: 900 }}
            data-testid="achievement-list"
            columns={[
              {
                key: 'month',
                title: t('achievements.column.month'),
                width: 100,
                sorter: true,
                sortOrder: sortOrder('month'),
                render: (_, r) => formatYearMonth(r.year, r.month),
              },
              {
                key: 'type',
                title: t('achievements.column.type'),
                width: 120,
                sorter: true,
                sortOrder: sortOrder('type'),
                render: (_, r) => t(wasteTypeLabelKey(r.type)),
              },
              {
                key: 'wasteName',
                title: t('achievements.column.wasteName'),
                ellipsis: true,
                sorter: true,
                sortOrder: sortOrder('wasteName'),
                render: (_, r) => <Link to={achievementDetailPath(r)}>{r.wasteName}</Link>,
              },
              {
                key: 'company',
                title: t('achievements.column.company'),
                dataIndex: 'wasteCompanyName',
                ellipsis: true,
                sorter: true,
                sortOrder: sortOrder('company'),
              },
              {
                key: 'volume',
                title: t('achievements.column.volume'),
                width: 160,
                align: 'right',
                sorter: true,
                sortOrder: sortOrder('volume'),
                // A line has one unit: the same waste in another unit is a line of its own.
                render: (_, r) => volumeWithUnitText(r.transportVolume, r.transportVolumeUnit),
              },
              {
                key: 'status',
                title: t('achievements.column.status'),
                width: 130,
                render: (_, r) => <ReportStatusTag status={r.status} isDischarger={isDischarger} />,
              },
            ]}
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

/** An empty period: where the latest lines are, one click away, rather than a bare "none". */
function EmptyPeriod({
  filters,
  latest,
  onShow,
}: {
  filters: AchievementFilters;
  latest: { year: number; month: number } | null;
  onShow: (change: Partial<AchievementFilters>) => void;
}) {
  const { t } = useTranslation();
  const isShown =
    latest !== null &&
    latest.year === filters.year &&
    (filters.period === 'annual' || latest.month === filters.month);
  if (latest === null || isShown || filters.wasteName) return <>{t('achievements.empty')}</>;
  const period =
    filters.period === 'annual' ? String(latest.year) : formatYearMonth(latest.year, latest.month);
  return (
    <Flex vertical align="center" gap={8} data-testid="achievements-latest-hint">
      <Typography.Text type="secondary">{t('achievements.latestHint', { period })}</Typography.Text>
      <Button
        type="primary"
        data-testid="achievements-show-latest"
        onClick={() => onShow({ year: latest.year, month: latest.month })}
      >
        {t('achievements.showLatest', { period })}
      </Button>
    </Flex>
  );
}

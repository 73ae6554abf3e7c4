import type { ReportDeadlineItem } from '@junkan/shared/api/manifests';
import { paths } from '@junkan/shared/paths';
import { Button, Card, Flex, Grid, Space, Tag, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { useCompanyFilter } from '../../../lib/company-filter';
import { useReportDeadlines } from '../../../lib/report-data/report-deadlines';
import { useSession } from '../../../lib/use-session';
import { formatManifestDate } from '../manifest-filters';
import { type CollectionDeadlineRow, reportDeadlineSections } from '../report-deadline-rows';
import { ReportDeadline } from './deadline-tag';

/** What reporting a collection needs: its project and collection date. */
export type CollectionReport = CollectionDeadlineRow['report'];

/** The due-soon and overdue counts of a list, as tags beside its title. */
function DeadlineCountTags({
  counts,
  testIdPrefix,
}: {
  counts: { dueSoon: number; overdue: number };
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {counts.dueSoon > 0 && (
        <Tag color="warning" data-testid={`${testIdPrefix}-due-soon`}>
          {t('manifests.deadlines.dueSoonCount', { n: counts.dueSoon })}
        </Tag>
      )}
      {counts.overdue > 0 && (
        <Tag color="error" data-testid={`${testIdPrefix}-overdue`}>
          {t('manifests.deadlines.overdueCount', { n: counts.overdue })}
        </Tag>
      )}
    </>
  );
}

/** A transporter's way to the report of a collection: in place when it can open it, else a link. */
function ReportAction({
  row,
  onReport,
}: {
  row: CollectionDeadlineRow;
  onReport: ((report: CollectionReport) => void) | undefined;
}) {
  const { t } = useTranslation();
  // Every row's action reads the same: its accessible name says which collection it reports.
  const label = t('manifests.deadlines.reportFor', { project: row.projectTitle, date: row.collectionDate });
  return onReport ? (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      aria-label={label}
      onClick={() => onReport(row.report)}
    >
      {t('manifests.deadlines.report')}
    </Button>
  ) : (
    <Link to={paths.achievements.to()} aria-label={label}>
      {t('manifests.deadlines.report')}
    </Link>
  );
}

/** The collections stacked one under another, for phones (a table would hide the deadline off to the side). */
function CollectionDeadlineList({
  rows,
  isTransport,
  onReport,
}: {
  rows: CollectionDeadlineRow[];
  isTransport: boolean;
  onReport: ((report: CollectionReport) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      style={{ maxHeight: 360, overflowY: 'auto' }}
      data-testid="report-deadlines-collection-list"
    >
      {rows.map((r, i) => (
        <div
          key={r.collectionId}
          data-testid="report-deadlines-collection"
          style={{
            padding: '8px 0',
            borderTop: i > 0 ? `1px solid ${token.colorBorderSecondary}` : undefined,
          }}
        >
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Link to={r.detailPath}>
              <Typography.Text strong style={{ color: 'inherit' }}>
                {r.collectionDate}
              </Typography.Text>
            </Link>
            {isTransport && <ReportAction row={r} onReport={onReport} />}
          </Flex>
          <div>
            {r.projectTitle}（{r.dischargeSiteName}）
          </div>
          <Typography.Text type="secondary">
            {r.companyName}
            {r.wasteNames ? ` / ${r.wasteNames}` : ''}
          </Typography.Text>
          <Flex align="center" gap={4} wrap>
            <Typography.Text type="secondary">{t('manifests.deadlines.deadline')}:</Typography.Text>
            <ReportDeadline deadline={r.deadline} state={r.deadlineState} />
          </Flex>
        </div>
      ))}
    </Flex>
  );
}

/**
 * Transport-end reports by their legal deadline: for a transporter the manifests due soon or overdue
 * (narrowed by the header's company selector), for a discharger its manifests whose report has not arrived;
 * below them, for both, the collected industrial collections still waiting for their transport report.
 * Each list is a card of its own, shown only when it has rows. Shows nothing while loading, when there is
 * nothing to show, or when the call fails: it sits beside other content.
 *
 * A transporter's collection row leads to the report: `onReport` opens it in place (the achievements page),
 * else a link goes to the achievements page where it is made.
 */
export function ReportDeadlinesPanel({
  style,
  onReport,
}: {
  style?: CSSProperties;
  /** Opens the transport report of a collection in place. */
  onReport?: (report: CollectionReport) => void;
}) {
  const { t } = useTranslation();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const isDischarger = roles.includes('WASTE') && !isTransport;
  const { companyId } = useCompanyFilter();
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const deadlines = useReportDeadlines(
    isTransport,
    isTransport ? companyId : null,
    isTransport || isDischarger,
  );
  const sections = reportDeadlineSections(deadlines.data);
  if (deadlines.isError || sections.isEmpty) return null;
  const { manifests, collections } = sections;
  const companyColumn = isTransport ? t('manifests.column.discharger') : t('manifests.column.transporter');

  return (
    <>
      {manifests.length > 0 && (
        <Card
          size="small"
          style={style}
          data-testid="report-deadlines"
          title={
            <Space size={8} wrap>
              {isTransport
                ? t('manifests.deadlines.transportTitle')
                : t('manifests.deadlines.dischargerTitle')}
              {!isTransport && <Tag>{t('manifests.deadlines.missingCount', { n: manifests.length })}</Tag>}
              <DeadlineCountTags counts={sections.manifestCounts} testIdPrefix="report-deadlines" />
            </Space>
          }
        >
          <DataTable<ReportDeadlineItem>
            rowKey="manifestNumber"
            size="small"
            dataSource={manifests}
            pagination={false}
            scroll={{ y: 240, x: 720 }}
            columns={[
              {
                key: 'manifestNumber',
                title: t('manifests.column.manifestNumber'),
                width: 140,
                render: (_, r) => (
                  <Link to={paths.manifestDetail.to(r.manifestNumber)}>{r.manifestNumber}</Link>
                ),
              },
              { key: 'company', title: companyColumn, dataIndex: 'companyName', ellipsis: true },
              { key: 'waste', title: t('manifests.column.waste'), dataIndex: 'wasteName', ellipsis: true },
              {
                key: 'deliveryDate',
                title: t('manifests.column.deliveryDate'),
                width: 110,
                render: (_, r) => formatManifestDate(r.deliveryDate),
              },
              {
                key: 'deadline',
                title: t('manifests.column.reportDeadline'),
                width: 190,
                render: (_, r) => <ReportDeadline deadline={r.deadline} state={r.deadlineState} />,
              },
            ]}
          />
        </Card>
      )}
      {collections.length > 0 && (
        <Card
          size="small"
          style={style}
          data-testid="report-deadlines-collections"
          title={
            <Space size={8} wrap>
              {t('manifests.deadlines.collectionsTitle')}
              <Tag>{t('manifests.deadlines.pendingCount', { n: collections.length })}</Tag>
              <DeadlineCountTags
                counts={sections.collectionCounts}
                testIdPrefix="report-deadlines-collections"
              />
            </Space>
          }
        >
          {narrow ? (
            <CollectionDeadlineList rows={collections} isTransport={isTransport} onReport={onReport} />
          ) : (
            <DataTable<CollectionDeadlineRow>
              rowKey="collectionId"
              size="small"
              dataSource={collections}
              pagination={false}
              scroll={{ y: 240, x: isTransport ? 860 : 760 }}
              columns={[
                {
                  key: 'collectionDate',
                  title: t('manifests.column.collectionDate'),
                  width: 130,
                  render: (_, r) => <Link to={r.detailPath}>{r.collectionDate}</Link>,
                },
                {
                  key: 'project',
                  title: t('manifests.column.project'),
                  dataIndex: 'projectTitle',
                  ellipsis: true,
                },
                {
                  key: 'site',
                  title: t('manifests.column.dischargeSite'),
                  dataIndex: 'dischargeSiteName',
                  ellipsis: true,
                },
                { key: 'company', title: companyColumn, dataIndex: 'companyName', ellipsis: true },
                {
                  key: 'waste',
                  title: t('manifests.column.waste'),
                  ellipsis: true,
                  render: (_, r) => r.wasteNames || '—',
                },
                {
                  key: 'deadline',
                  title: t('manifests.column.reportDeadline'),
                  width: 190,
                  render: (_, r) => <ReportDeadline deadline={r.deadline} state={r.deadlineState} />,
                },
                ...(isTransport
                  ? [
                      {
                        key: 'report',
                        title: t('manifests.column.transportReport'),
                        width: 100,
                        fixed: 'right' as const,
                        render: (_: unknown, r: CollectionDeadlineRow) => (
                          <ReportAction row={r} onReport={onReport} />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Card>
      )}
    </>
  );
}

import type { ReportDeadlineItem } from '@junkan/shared';
import { Card, Space, Table, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompanyFilter } from '../../../lib/company-filter';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/use-session';
import { useReportDeadlines } from '../api/report-deadlines';
import { formatManifestDate } from '../manifest-filters';
import { countDeadlineStates } from '../manifest-labels';
import { ReportDeadline } from './deadline-tag';

/**
 * Transport-end reports by their legal deadline: for a transporter the ones due soon or overdue (narrowed by
 * the header's company selector), for a discharger its manifests whose report has not arrived. Shows nothing
 * while loading, when there is nothing to show, or when the call fails: it sits beside other content.
 */
export function ReportDeadlinesPanel({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const isDischarger = roles.includes('WASTE') && !isTransport;
  const { companyId } = useCompanyFilter();
  const deadlines = useReportDeadlines(
    isTransport,
    isTransport ? companyId : null,
    isTransport || isDischarger,
  );
  const items = deadlines.data?.items ?? [];
  if (deadlines.isError || items.length === 0) return null;
  const { dueSoon, overdue } = countDeadlineStates(items);

  return (
    <Card
      size="small"
      style={style}
      data-testid="report-deadlines"
      title={
        <Space size={8} wrap>
          {isTransport ? t('manifests.deadlines.transportTitle') : t('manifests.deadlines.dischargerTitle')}
          {!isTransport && <Tag>{t('manifests.deadlines.missingCount', { n: items.length })}</Tag>}
          {dueSoon > 0 && (
            <Tag color="warning" data-testid="report-deadlines-due-soon">
              {t('manifests.deadlines.dueSoonCount', { n: dueSoon })}
            </Tag>
          )}
          {overdue > 0 && (
            <Tag color="error" data-testid="report-deadlines-overdue">
              {t('manifests.deadlines.overdueCount', { n: overdue })}
            </Tag>
          )}
        </Space>
      }
    >
      <Table<ReportDeadlineItem>
        rowKey="manifestNumber"
        size="small"
        dataSource={items}
        pagination={false}
        scroll={{ y: 240, x: 720 }}
        columns={[
          {
            key: 'manifestNumber',
            title: t('manifests.column.manifestNumber'),
            width: 140,
            render: (_, r) => <Link to={paths.manifestDetail.to(r.manifestNumber)}>{r.manifestNumber}</Link>,
          },
          {
            key: 'company',
            title: isTransport ? t('manifests.column.discharger') : t('manifests.column.transporter'),
            dataIndex: 'companyName',
            ellipsis: true,
          },
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
  );
}

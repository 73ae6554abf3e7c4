import { FileTextOutlined } from '@ant-design/icons';
import type { InquiryListItem } from '@junkan/shared/api/inquiries';
import { formatInquiryId } from '@junkan/shared/inquiry-rules';
import { paths } from '@junkan/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { inquiryListQueryOptions } from '../api/inquiry-list';
import { InquiryImportanceTag, InquiryStatusTag } from './inquiry-tags';

// The drawer (a form with uploads) loads when an inquiry is opened, not with the home page.
const InquiryDetailDrawer = lazy(() =>
  import('./inquiry-detail-drawer').then((m) => ({ default: m.InquiryDetailDrawer })),
);

/** The newest activity first: the home table shows the first page of the list. */
const HOME_QUERY = { page: 1, size: 20, sort: 'lastMessageAt', order: 'desc' };

/**
 * Home's inquiry table (dischargers, section 2): importance, the 5-digit id, company, subject, the content icon
 * that opens the inquiry detail (history, reply, solved), status.
 */
export function HomeInquiriesTable() {
  const { t } = useTranslation();
  const inquiries = useQuery(inquiryListQueryOptions('WASTE', HOME_QUERY));
  const [open, setOpen] = useState<number | null>(null);
  // Kept mounted after the first opening, so that closing still animates.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  return (
    <Card
      title={t('home.inquiries')}
      size="small"
      data-testid="home-inquiries"
      style={{ height: '100%' }}
      extra={<Link to={paths.inquiry.to()}>{t('inquiries.viewAll')}</Link>}
    >
      <DataTable<InquiryListItem>
        rowKey="id"
        size="small"
        loading={inquiries.isLoading}
        dataSource={inquiries.data?.items ?? []}
        pagination={false}
        scroll={{ y: 200, x: 640 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inquiries.empty')} />,
        }}
        columns={[
          {
            key: 'importance',
            title: t('home.column.importance'),
            width: 110,
            render: (_, q) => <InquiryImportanceTag importance={q.importance} />,
          },
          {
            key: 'id',
            title: t('home.column.inquiryId'),
            width: 90,
            render: (_, q) => formatInquiryId(q.id),
          },
          { key: 'company', title: t('home.column.company'), dataIndex: 'companyName', ellipsis: true },
          { key: 'subject', title: t('home.column.subject'), dataIndex: 'subject', ellipsis: true },
          {
            key: 'content',
            title: t('home.column.content'),
            width: 70,
            align: 'center',
            render: (_, q) => (
              <Button
                type="text"
                size="small"
                icon={<FileTextOutlined />}
                aria-label={t('home.showContent')}
                onClick={() => {
                  setDrawerLoaded(true);
                  setOpen(q.id);
                }}
                data-testid={`home-inquiry-content-${q.id}`}
              />
            ),
          },
          {
            key: 'status',
            title: t('home.column.status'),
            // Room for the longest status in English ("Awaiting response").
            width: 150,
            render: (_, q) => <InquiryStatusTag status={q.status} />,
          },
        ]}
      />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <InquiryDetailDrawer side="WASTE" id={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Card>
  );
}

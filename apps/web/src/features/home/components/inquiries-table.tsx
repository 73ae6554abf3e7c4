import { FileTextOutlined } from '@ant-design/icons';
import { formatInquiryId } from '@junkan/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InquiryListItem, inquiriesQueryOptions } from '../api/inquiries';
import { ImportanceTag, INQUIRY_STATUS_COLORS } from './tags';

export function InquiriesTable() {
  const { t } = useTranslation();
  const inquiries = useQuery(inquiriesQueryOptions());
  const [open, setOpen] = useState<InquiryListItem | null>(null);
  return (
    <Card title={t('home.inquiries')} size="small" data-testid="home-inquiries" style={{ height: '100%' }}>
      <Table<InquiryListItem>
        rowKey="id"
        size="small"
        loading={inquiries.isLoading}
        dataSource={inquiries.data ?? []}
        pagination={false}
        scroll={{ y: 200, x: 640 }}
        columns={[
          {
            key: 'importance',
            title: t('home.column.importance'),
            width: 110,
            render: (_, q) => (
              <ImportanceTag importance={q.importance} label={t(`inquiryImportance.${q.importance}`)} />
            ),
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
                onClick={() => setOpen(q)}
              />
            ),
          },
          {
            key: 'status',
            title: t('home.column.status'),
            width: 110,
            render: (_, q) => (
              <Tag color={INQUIRY_STATUS_COLORS[q.status]}>{t(`inquiryStatus.${q.status}`)}</Tag>
            ),
          },
        ]}
      />
      <Modal
        open={open !== null}
        title={open ? `${formatInquiryId(open.id)} ${open.subject}` : ''}
        onCancel={() => setOpen(null)}
        footer={null}
        width={600}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open?.content}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}

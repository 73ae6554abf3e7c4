import type { CollectionPreview } from '@junkan/shared/api/collections';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { SECONDARY_TEXT } from '../../../lib/antd-theme';
import { previewCounts } from '../collection-request-values';
import { CollectionStatusTag } from './collection-status-tag';
import { useDayText } from './use-day-text';

type Row = CollectionPreview['collections'][number];

/** The collections a request makes, each date with its status; skipped dates greyed with why. */
export function PreviewTable({ preview }: { preview: CollectionPreview }) {
  const { t } = useTranslation();
  const dayText = useDayText();
  const counts = previewCounts(preview);
  return (
    <>
      <Typography.Paragraph data-testid="collection-preview-counts">
        {t('collections.preview.counts', counts)}
      </Typography.Paragraph>
      <DataTable<Row>
        rowKey="date"
        size="small"
        dataSource={preview.collections}
        pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(r) =>
          r.status === 'SKIPPED' ? { style: { color: SECONDARY_TEXT, background: '#fafafa' } } : {}
        }
        data-testid="collection-preview"
        columns={[
          {
            key: 'date',
            title: t('collections.field.date'),
            width: 150,
            render: (_, r) => dayText(r.date),
          },
          {
            key: 'status',
            title: t('collections.field.status'),
            render: (_, r) => <CollectionStatusTag status={r.status} skipReason={r.skipReason} />,
          },
        ]}
      />
    </>
  );
}

import {
  MANIFEST_DIFFERENCE_MESSAGES,
  type ManifestDifference,
} from '@junkan/shared/rules/manifest-agreement';
import { Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { messageText } from '../../../lib/i18n';
import { differenceTexts } from '../registration-values';

/** The differences between a manifest and its contract: what differs, the contract's value, the manifest's (marked). */
export function ContractDifferences({ differences }: { differences: readonly ManifestDifference[] }) {
  const { t } = useTranslation();
  return (
    <DataTable<ManifestDifference>
      size="small"
      pagination={false}
      rowKey="kind"
      dataSource={[...differences]}
      data-testid="manifest-differences"
      onRow={(d) => ({ 'data-testid': `manifest-difference-${d.kind}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'kind',
          title: t('manifests.difference.what'),
          render: (_, d) => messageText(t, MANIFEST_DIFFERENCE_MESSAGES[d.kind]),
        },
        {
          key: 'contract',
          title: t('manifests.difference.contract'),
          render: (_, d) => differenceTexts(d).contract,
        },
        {
          key: 'manifest',
          title: t('manifests.difference.manifest'),
          render: (_, d) => (
            <Typography.Text type="danger" strong>
              {differenceTexts(d).manifest}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

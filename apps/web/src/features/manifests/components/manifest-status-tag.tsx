import { SyncOutlined } from '@ant-design/icons';
import type { ManifestStatus } from '@junkan/shared/enums';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentPunctuation } from '../../../lib/i18n';
import { manifestStatusColor, manifestStatusLabelKey, runningFunctionLabels } from '../manifest-labels';

/** The network status as the network last reported it, and a "processing" tag while work is not reflected. */
export function ManifestStatusTag({
  status,
  runningFunctions,
}: {
  status: ManifestStatus | null;
  runningFunctions: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={manifestStatusColor(status)}>{t(manifestStatusLabelKey(status))}</Tag>
      {runningFunctions.length > 0 && <RunningTag runningFunctions={runningFunctions} />}
    </Space>
  );
}

/** A still icon: the network may take hours to reflect the work, and a mark that turns all that time distracts. */
export function RunningTag({ runningFunctions }: { runningFunctions: readonly string[] }) {
  const { t } = useTranslation();
  const names = runningFunctionLabels(runningFunctions)
    .map((f) => (f.labelKey ? t(f.labelKey) : f.code))
    .join(currentPunctuation().list);
  return (
    <Tooltip title={t('manifests.processingHint', { functions: names })}>
      <Tag icon={<SyncOutlined />} color="processing" data-testid="manifest-processing">
        {t('manifests.processing')}
      </Tag>
    </Tooltip>
  );
}

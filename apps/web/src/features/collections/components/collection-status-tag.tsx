import {
  COLLECTION_STATUSES,
  type CollectionStatus,
  type NotCollectableReason,
} from '@junkan/shared/collection-rules';
import { Flex, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SECONDARY_TEXT } from '../../../lib/antd-theme';
import { reasonLabelKey, STATUS_LOOK, statusLabelKey } from '../collection-labels';

/**
 * The tag's style beyond its colour: struck through (cancelled) or faded (skipped). Faded is the secondary text
 * colour with a dashed border, not transparency, which took the text under 4.5:1 (JIS X 8341-3 AA).
 */
export function statusStyle(status: CollectionStatus): CSSProperties {
  const look = STATUS_LOOK[status];
  return {
    ...(look.strike ? { textDecoration: 'line-through' } : {}),
    ...(look.muted ? { color: SECONDARY_TEXT, borderStyle: 'dashed' } : {}),
  };
}

/** A collection's status, the same colour everywhere; a skipped date says why. */
export function CollectionStatusTag({
  status,
  skipReason,
  'data-testid': testId,
}: {
  status: CollectionStatus;
  skipReason?: NotCollectableReason | null;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tag
      color={STATUS_LOOK[status].color}
      variant={STATUS_LOOK[status].solid ? 'solid' : undefined}
      style={statusStyle(status)}
      data-testid={testId}
    >
      {t(statusLabelKey(status))}
      {status === 'SKIPPED' && skipReason ? `（${t(reasonLabelKey(skipReason))}）` : ''}
    </Tag>
  );
}

/** Every status with its colour, for the calendar and the list. */
export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={4} align="center" data-testid="collection-legend">
      <Typography.Text type="secondary" style={{ marginRight: 4 }}>
        {t('collections.legend')}:
      </Typography.Text>
      {COLLECTION_STATUSES.map((s) => (
        <CollectionStatusTag key={s} status={s} />
      ))}
    </Flex>
  );
}

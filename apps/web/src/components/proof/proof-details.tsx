import type { Proof } from '@junkan/shared/api/drivers';
import type { DriverMarkResult, DriverMarkState } from '@junkan/shared/driver-rules';
import { Descriptions, Flex, Grid, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, punctuationOf } from '../../lib/format';
import { messageText } from '../../lib/i18n';
import { mapLink, proofLineParts } from './proof-text';

const RESULT_COLOR: Record<DriverMarkResult, string> = { COLLECTED: 'green', NOT_COLLECTED: 'red' };
const STATE_COLOR: Record<DriverMarkState, string> = {
  APPLIED: 'default',
  CONFLICT: 'orange',
  RESOLVED_APPLIED: 'blue',
  DISCARDED: 'default',
};

/** What the driver recorded: collected or not. */
export function ProofResultTag({ result }: { result: DriverMarkResult }) {
  const { t } = useTranslation();
  return <Tag color={RESULT_COLOR[result]}>{t(`driverMarkResult.${result}`)}</Tag>;
}

/** Where the record stands, when it is not simply applied: a conflict, applied or discarded by the office. */
export function ProofStateTag({ state }: { state: DriverMarkState }) {
  const { t } = useTranslation();
  if (state === 'APPLIED') return null;
  return (
    <Tag
      color={STATE_COLOR[state]}
      style={state === 'DISCARDED' ? { textDecoration: 'line-through' } : undefined}
      data-testid="proof-state"
    >
      {t(`driverMarkState.${state}`)}
    </Tag>
  );
}

/**
 * One driver's record of a collection (the proof both parties see, and the record the office decides on):
 * result, reason, the amounts per waste, when, who and with which vehicle, where, and a photo (`photo`, loaded
 * by the caller through its own call).
 */
export function ProofDetails({ proof, photo }: { proof: Proof; photo?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const p = punctuationOf(i18n.language);
  // On a phone each label sits above its value.
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const received = formatDateTime(proof.receivedAt);
  const marked = formatDateTime(proof.markedAt);
  return (
    <Flex vertical gap={8} data-testid="proof">
      <Flex gap={8} wrap align="center">
        <ProofResultTag result={proof.result} />
        <ProofStateTag state={proof.state} />
        <Typography.Text>
          {marked}
          {received !== marked && (
            <Typography.Text type="secondary">
              {p.open}
              {t('proofs.receivedAt')} {received}
              {p.close}
            </Typography.Text>
          )}
        </Typography.Text>
      </Flex>
      <Descriptions
        size="small"
        bordered
        layout={narrow ? 'vertical' : 'horizontal'}
        column={{ xs: 1, md: 2 }}
      >
        {proof.result === 'NOT_COLLECTED' && (
          <Descriptions.Item label={t('proofs.reason')} span={2}>
            {proof.reasonCode && <div>{t(`notCollectedReason.${proof.reasonCode}`)}</div>}
            {proof.reasonText && (
              <div style={{ whiteSpace: 'pre-wrap' }} data-user-content>
                {proof.reasonText}
              </div>
            )}
          </Descriptions.Item>
        )}
        {proof.result === 'COLLECTED' && (
          <Descriptions.Item label={t('proofs.amounts')} span={2}>
            {proof.lines.map((line) => {
              const parts = proofLineParts(line, t, p.list);
              return (
                <div key={line.wasteLineId} data-testid="proof-line">
                  <Typography.Text strong>{line.wasteName}</Typography.Text>{' '}
                  {parts.length > 0 ? parts.join(' / ') : t('proofs.noAmount')}
                </div>
              );
            })}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('proofs.driver')}>{proof.driverName}</Descriptions.Item>
        <Descriptions.Item label={t('proofs.vehicle')}>{proof.vehicleName ?? '—'}</Descriptions.Item>
        {proof.conflictCode && proof.state !== 'APPLIED' && (
          <Descriptions.Item label={t('proofs.conflictCode')} span={2}>
            {messageText(t, proof.conflictCode)}
          </Descriptions.Item>
        )}
        {proof.position && (
          <Descriptions.Item label={t('proofs.position')} span={2}>
            <Typography.Link href={mapLink(proof.position)} target="_blank" rel="noopener noreferrer">
              {t('proofs.openMap')}
            </Typography.Link>
            {proof.position.accuracy !== null && (
              <Typography.Text type="secondary">
                {p.open}
                {t('proofs.accuracy', { meters: Math.round(proof.position.accuracy) })}
                {p.close}
              </Typography.Text>
            )}
          </Descriptions.Item>
        )}
        {photo && (
          <Descriptions.Item label={t('proofs.photo')} span={2}>
            {photo}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Flex>
  );
}

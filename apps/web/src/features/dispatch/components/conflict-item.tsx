import type { MarkConflict } from '@junkan/shared/api/drivers';
import { paths } from '@junkan/shared/paths';
import { Alert, App, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProofDetails } from '../../../components/proof/proof-details';
import { ProofPhoto } from '../../../components/proof/proof-photo';
import { showApiError } from '../../../lib/form-errors';
import { formatPlainDate } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { CollectionStatusTag } from '../../collections/components/collection-status-tag';
import { type ConflictDecision, useDecideConflict } from '../api/decide-conflict';

/**
 * A driver's record the server kept as a conflict: the stop as it is now, what the driver recorded and why it was
 * not applied; the office applies it (when the stop can still take it) or discards it, each after a question.
 */
export function ConflictItem({ conflict }: { conflict: MarkConflict }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const decide = useDecideConflict();
  const { mark, collection } = conflict;

  const run = async (decision: ConflictDecision) => {
    try {
      await decide.mutateAsync({ markId: mark.id, decision });
      void message.success(
        t(decision === 'apply' ? 'dispatch.conflicts.applied' : 'dispatch.conflicts.discarded'),
      );
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  const ask = (decision: ConflictDecision) =>
    modal.confirm({
      title: t(
        decision === 'apply'
          ? 'dispatch.conflicts.applyConfirmTitle'
          : 'dispatch.conflicts.discardConfirmTitle',
      ),
      content:
        decision === 'apply'
          ? t('dispatch.conflicts.applyConfirm', {
              date: formatPlainDate(collection.date),
              result: t(`driverMarkResult.${mark.result}`),
            })
          : t('dispatch.conflicts.discardConfirm'),
      okText: t(decision === 'apply' ? 'dispatch.conflicts.apply' : 'dispatch.conflicts.discard'),
      okButtonProps: decision === 'discard' ? { danger: true } : undefined,
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: () => run(decision),
    });

  return (
    <Card
      size="small"
      type="inner"
      style={{ marginBottom: 12 }}
      title={
        <Link to={paths.collectionScheduleDetail.to(collection.id)}>
          {formatPlainDate(collection.date)} {collection.siteName}
        </Link>
      }
      data-testid="conflict"
    >
      <Typography.Text strong>{t('dispatch.conflicts.stopNow')}</Typography.Text>
      <Descriptions size="small" column={1} style={{ margin: '4px 0 12px' }}>
        <Descriptions.Item label={t('collections.field.status')}>
          <CollectionStatusTag status={collection.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('collections.field.project')}>
          {collection.dischargerName} / {collection.projectTitle}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text strong>{t('dispatch.conflicts.recorded')}</Typography.Text>
      <div style={{ marginTop: 4 }}>
        <ProofDetails
          proof={mark}
          photo={mark.hasPhoto ? <ProofPhoto proof={mark} isTransport /> : undefined}
        />
      </div>
      {!conflict.canApply && (
        <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('dispatch.conflicts.cannotApply')} />
      )}
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        {conflict.canApply && (
          <Button
            type="primary"
            loading={decide.isPending}
            onClick={() => ask('apply')}
            data-testid="conflict-apply"
          >
            {t('dispatch.conflicts.apply')}
          </Button>
        )}
        <Button
          danger
          disabled={decide.isPending}
          onClick={() => ask('discard')}
          data-testid="conflict-discard"
        >
          {t('dispatch.conflicts.discard')}
        </Button>
      </Flex>
    </Card>
  );
}

import type { DriverStop } from '@junkan/shared/api/drivers';
import type { DriverMarkResult } from '@junkan/shared/driver-rules';
import { Alert, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import type { StopState } from '../day-view';
import type { OutboxItem } from '../mark-queue';
import css from './day.module.css';

export interface StopActions {
  onMark(stop: DriverStop, result: DriverMarkResult): void;
  onFix(item: OutboxItem): void;
  onRemove(item: OutboxItem): void;
  onDropPhoto(item: OutboxItem): void;
}

/** A refused item: the server's message, then correcting or removing it (a refused photo: sending without it). */
export function FailedItem({ item, actions }: { item: OutboxItem; actions: StopActions }) {
  const { t } = useTranslation();
  const photo = item.failure?.phase === 'photo';
  return (
    <Alert
      type="error"
      showIcon
      title={photo ? t('driverDay.state.photoRefused') : t('driverDay.state.failed')}
      description={messageText(t, item.failure?.code ?? 'unknown_error')}
      action={
        <Flex vertical gap={8}>
          {photo ? (
            <Button size="large" onClick={() => actions.onDropPhoto(item)}>
              {t('driverDay.state.dropPhoto')}
            </Button>
          ) : (
            <Button size="large" onClick={() => actions.onFix(item)} data-testid="driver-fix">
              {t('driverDay.state.fix')}
            </Button>
          )}
          {!photo && (
            <Button size="large" danger onClick={() => actions.onRemove(item)} data-testid="driver-remove">
              {t('driverDay.state.remove')}
            </Button>
          )}
        </Flex>
      }
    />
  );
}

/** A mark the office has to decide on: what changed, and that it waits for the office (it never disappears). */
export function ConflictNote({ code, result }: { code: string | null; result: DriverMarkResult }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="driver-conflict"
      title={t('driverDay.state.conflict')}
      description={
        <>
          <p style={{ margin: 0 }}>
            {t('driverDay.state.result', { result: t(`driverMarkResult.${result}`) })}
          </p>
          {code && <p style={{ margin: 0 }}>{messageText(t, code)}</p>}
          <p style={{ margin: 0 }}>{t('driverDay.state.conflictWait')}</p>
        </>
      }
    />
  );
}

/** A stop's record and what the driver can do with it now. */
export function StopStatus({
  stop,
  state,
  actions,
}: {
  stop: DriverStop;
  state: StopState;
  actions: StopActions;
}) {
  const { t } = useTranslation();
  const markAs = (result: DriverMarkResult) =>
    t('driverDay.stop.markAs', { site: stop.site.name, result: t(`driverMarkResult.${result}`) });
  switch (state.kind) {
    case 'open':
      return (
        <div className={css.actions}>
          <Button
            type="primary"
            size="large"
            aria-label={markAs('COLLECTED')}
            onClick={() => actions.onMark(stop, 'COLLECTED')}
            data-testid="driver-mark-collected"
          >
            {t('driverDay.stop.collected')}
          </Button>
          <Button
            size="large"
            aria-label={markAs('NOT_COLLECTED')}
            onClick={() => actions.onMark(stop, 'NOT_COLLECTED')}
            data-testid="driver-mark-not-collected"
          >
            {t('driverDay.stop.notCollected')}
          </Button>
        </div>
      );
    case 'later':
      return <p className={css.note}>{t('driverDay.stop.notYet')}</p>;
    case 'queued':
      return (
        <p className={css.note} data-testid="driver-stop-state">
          <Tag color="gold">
            {state.item.status === 'PHOTO' ? t('driverDay.state.photoQueued') : t('driverDay.state.queued')}
          </Tag>
          {t('driverDay.state.result', { result: t(`driverMarkResult.${state.item.body.result}`) })}
        </p>
      );
    case 'failed':
      return <FailedItem item={state.item} actions={actions} />;
    case 'conflict':
      return <ConflictNote code={state.code} result={state.result} />;
    case 'sent':
      return (
        <p className={css.note} data-testid="driver-stop-state">
          <Tag color="green">{t('driverDay.state.sent')}</Tag>
          {t('driverDay.state.result', { result: t(`driverMarkResult.${state.result}`) })}
          {state.state !== 'APPLIED' && ` ${t(`driverMarkState.${state.state}`)}`}
        </p>
      );
    case 'office':
      return (
        <p className={css.note} data-testid="driver-stop-state">
          <Tag>{t('driverDay.state.office')}</Tag>
          {t(`collections.status.${state.status}`)}
        </p>
      );
  }
}

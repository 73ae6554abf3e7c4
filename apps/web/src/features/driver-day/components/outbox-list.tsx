import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPlainDate } from '../../../lib/format';
import { listedItems, type OutboxItem } from '../mark-queue';
import css from './day.module.css';
import { ConflictNote, FailedItem, type StopActions } from './stop-state';

/**
 * 「送信待ち」: every mark the phone still holds for the driver to see, in the order they were made: waiting to be
 * sent (or its photo), refused (to correct or remove), or kept by the server for the office's decision, with the
 * stop it was made at (the office may have taken the stop off the day meanwhile).
 */
export function OutboxList({ items, actions }: { items: readonly OutboxItem[]; actions: StopActions }) {
  const { t } = useTranslation();
  const listed = listedItems(items);
  if (listed.length === 0) return null;
  return (
    <section aria-labelledby="driver-outbox-title" className={css.group} data-testid="driver-outbox">
      <h2 id="driver-outbox-title" className={css.groupTitle}>
        {t('driverDay.outbox.title')}
        <span className={css.count}>{t('driverDay.stopCount', { count: listed.length })}</span>
      </h2>
      <p className={css.note} style={{ marginBottom: 8 }}>
        {t('driverDay.outbox.lead')}
      </p>
      <ul className={css.stops}>
        {listed.map((item) => (
          <li key={item.clientId} className={css.card} data-testid="driver-outbox-item">
            <p style={{ margin: '0 0 4px', fontWeight: 600 }}>
              {formatPlainDate(item.stop.date)} {item.stop.siteName}
            </p>
            <p className={css.note}>{item.stop.address}</p>
            <p className={css.note} style={{ marginBottom: 8 }}>
              {t(`driverMarkResult.${item.body.result}`)}
              {' / '}
              {t('driverDay.outbox.markedAt', { time: formatDateTime(item.body.markedAt, 'HH:mm') })}
            </p>
            {item.status === 'FAILED' ? (
              <FailedItem item={item} actions={actions} />
            ) : item.status === 'CONFLICT' ? (
              <ConflictNote code={item.answer?.conflictCode ?? null} result={item.body.result} />
            ) : (
              <Tag color="gold">
                {item.status === 'PHOTO' ? t('driverDay.state.photoQueued') : t('driverDay.state.queued')}
              </Tag>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

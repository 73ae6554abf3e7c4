import type { DriverStop } from '@junkan/shared/api/drivers';
import { useTranslation } from 'react-i18next';
import { formatPlainDate } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { groupStops, stopState, weekdayOf } from '../day-view';
import type { OutboxItem } from '../mark-queue';
import css from './day.module.css';
import { StopCard } from './stop-card';
import type { StopActions } from './stop-state';

/**
 * The stops by date, in the server's order (today's first, 「今日」「明日」), each with its place in the day's round,
 * or that nothing is assigned.
 */
export function DayGroups({
  stops,
  today,
  items,
  actions,
}: {
  stops: readonly DriverStop[];
  today: string;
  items: ReadonlyMap<number, OutboxItem>;
  actions: StopActions;
}) {
  const { t } = useTranslation();
  const p = currentPunctuation();
  if (stops.length === 0)
    return (
      <div className={css.empty} data-testid="driver-no-stops">
        <p style={{ margin: '0 0 4px', fontWeight: 600 }}>{t('driverDay.noStops')}</p>
        <p className={css.note}>{t('driverDay.noStopsHint')}</p>
      </div>
    );
  const groups = groupStops(stops, today);
  return (
    <>
      {groups[0]?.date !== today && (
        <section aria-labelledby="driver-day-today" className={css.group} data-testid="driver-day-none-today">
          <h2 id="driver-day-today" className={css.groupTitle}>
            <span>{t('driverDay.when.today')}</span>
            <span>
              {formatPlainDate(today)}
              {p.open}
              {t(`collections.weekday.${weekdayOf(today)}`)}
              {p.close}
            </span>
          </h2>
          <p className={css.note}>{t('driverDay.noStopsToday')}</p>
        </section>
      )}
      {groups.map((group) => {
        const headingId = `driver-day-${group.date}`;
        return (
          <section
            key={group.date}
            aria-labelledby={headingId}
            className={css.group}
            data-testid="driver-day-group"
            data-date={group.date}
          >
            <h2 id={headingId} className={css.groupTitle}>
              {group.when !== 'later' && <span>{t(`driverDay.when.${group.when}`)}</span>}
              <span>
                {formatPlainDate(group.date)}
                {p.open}
                {t(`collections.weekday.${weekdayOf(group.date)}`)}
                {p.close}
              </span>
              <span className={css.count}>{t('driverDay.stopCount', { count: group.stops.length })}</span>
            </h2>
            <ol className={css.stops}>
              {group.stops.map((stop, i) => (
                <li key={stop.id}>
                  <StopCard
                    stop={stop}
                    order={i + 1}
                    state={stopState(stop, items.get(stop.id), today)}
                    actions={actions}
                  />
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </>
  );
}

import type { DriverStop } from '@junkan/shared/api/drivers';
import { formatPhone } from '@junkan/shared/field-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPunctuation } from '../../../lib/i18n';
import type { StopState } from '../day-view';
import { askedText, mapHref, telHref } from '../stop-text';
import css from './day.module.css';
import { type StopActions, StopStatus } from './stop-state';

/**
 * One stop of the round: its place in the order, the site, the address with a map, when and with what it can be
 * entered, what was asked, the discharger's memo, whom to call, and its record or the buttons to make one.
 */
export function StopCard({
  stop,
  order,
  state,
  actions,
}: {
  stop: DriverStop;
  order: number;
  state: StopState;
  actions: StopActions;
}) {
  const { t } = useTranslation();
  const p = currentPunctuation();
  const titleId = useId();
  const entry =
    stop.entryFrom || stop.entryUntil
      ? `${stop.entryFrom ?? ''}${p.range}${stop.entryUntil ?? ''}`
      : t('driverDay.stop.entryAny');
  return (
    <article className={css.card} aria-labelledby={titleId} data-testid="driver-stop" data-stop-id={stop.id}>
      <div className={css.cardHead}>
        <span className={css.order}>
          <span aria-hidden>{order}</span>
          <span className={css.visuallyHidden}>{t('driverDay.stop.order', { n: order })}</span>
        </span>
        <h3 id={titleId} className={css.site}>
          {stop.site.name}
        </h3>
      </div>
      <p className={css.sub}>
        {stop.dischargerName}
        {p.dot}
        {stop.projectTitle}
      </p>
      <dl className={css.facts}>
        <dt>{t('driverDay.stop.address')}</dt>
        <dd>
          {p.postal}
          {stop.site.postalCode} {stop.site.address}
          <br />
          <a
            className={css.tapLink}
            href={mapHref(stop.site.address)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('driverDay.stop.map')}
            <span className={css.visuallyHidden}>{t('driverDay.stop.newTab')}</span>
          </a>
        </dd>
        <dt>{t('driverDay.stop.entry')}</dt>
        <dd>{entry}</dd>
        {stop.vehicleLimit !== 'NONE' && (
          <>
            <dt>{t('driverDay.stop.vehicleLimit')}</dt>
            <dd>{t(`collections.vehicle.${stop.vehicleLimit}`)}</dd>
          </>
        )}
        <dt>{t('driverDay.stop.asked')}</dt>
        <dd>
          <ul className={css.lines}>
            {stop.lines.map((line) => (
              <li key={line.wasteLineId}>
                {line.wasteName}
                {p.colon}
                {askedText(line, t, p)}
              </li>
            ))}
          </ul>
        </dd>
        {stop.memo && (
          <>
            <dt>{t('driverDay.stop.memo')}</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>{stop.memo}</dd>
          </>
        )}
        {(stop.site.pic || stop.site.tel) && (
          <>
            <dt>{t('driverDay.stop.contact')}</dt>
            <dd>
              {stop.site.pic}
              {stop.site.tel && (
                <>
                  {stop.site.pic && <br />}
                  <a
                    className={css.tapLink}
                    href={telHref(stop.site.tel)}
                    aria-label={t('driverDay.stop.call', { tel: formatPhone(stop.site.tel) })}
                  >
                    {formatPhone(stop.site.tel)}
                  </a>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      <StopStatus stop={stop} state={state} actions={actions} />
    </article>
  );
}

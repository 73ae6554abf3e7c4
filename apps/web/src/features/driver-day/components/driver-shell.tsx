import { App, Button } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';
import { SkipLink } from '../../../components/skip-link';
import { MAIN_CONTENT_ID } from '../../../lib/main-content';
import css from './driver-shell.module.css';

/**
 * The driver's own shell, outside the office's layout: a skip link, a header (the banner: the language and log out;
 * who and which vehicle; the connection and what waits to be sent), the main content, which takes focus from the
 * skip link, and below it the account's tools (the password change: seldom used, so not in the header that stays).
 * The states are a polite live region, so a reader hears the connection drop and the queue empty.
 */
export function DriverShell(props: {
  driverName: string | null;
  vehicleName: string | null;
  online: boolean;
  pending: number;
  failed: number;
  onSignOut: () => Promise<void>;
  /** The account's own tools below the day (the password change), composed by the app. */
  accountTools?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const main = useRef<HTMLElement>(null);
  const { driverName, vehicleName, online, pending, failed } = props;
  const signOut = () =>
    modal.confirm({
      title: t('driverDay.shell.signOutTitle'),
      content:
        pending + failed > 0
          ? t('driverDay.shell.signOutPending', { count: pending + failed })
          : t('driverDay.shell.signOutNone'),
      okText: t('layout.logout'),
      cancelText: t('driverDay.form.cancel'),
      onOk: props.onSignOut,
    });
  return (
    <div className={css.shell} data-testid="driver-shell">
      <SkipLink main={main} />
      <header className={css.header}>
        <div className={css.headerRow}>
          <p className={css.brand}>{t('driverDay.shell.app')}</p>
          <div className={css.tools}>
            <LanguageSelect />
            <Button size="large" onClick={signOut} data-testid="driver-sign-out">
              {t('layout.logout')}
            </Button>
          </div>
        </div>
        <div className={css.headerRow}>
          <p className={css.who} style={{ margin: 0 }} data-testid="driver-who">
            {driverName && <span>{t('driverDay.shell.driver', { name: driverName })}</span>}
            {driverName && ' / '}
            {driverName &&
              (vehicleName
                ? t('driverDay.shell.vehicle', { name: vehicleName })
                : t('driverDay.shell.noVehicle'))}
          </p>
        </div>
        <div className={css.headerRow}>
          <div className={css.states} role="status" aria-label={t('driverDay.shell.connection')}>
            <span
              className={`${css.state} ${online ? css.online : css.offline}`}
              data-testid="driver-connection"
            >
              <span className={css.dot} aria-hidden />
              {online ? t('driverDay.shell.online') : t('driverDay.shell.offline')}
            </span>
            <span className={`${css.state} ${pending > 0 ? css.warn : ''}`} data-testid="driver-pending">
              {t('driverDay.shell.pending', { count: pending })}
            </span>
            {failed > 0 && (
              <span className={`${css.state} ${css.offline}`} data-testid="driver-failed">
                {t('driverDay.shell.failed', { count: failed })}
              </span>
            )}
          </div>
        </div>
      </header>
      <main ref={main} id={MAIN_CONTENT_ID} tabIndex={-1} className={css.main}>
        {props.children}
      </main>
      {props.accountTools && <footer className={css.footer}>{props.accountTools}</footer>}
    </div>
  );
}

import type { DriverMarkInput } from '@junkan/shared/api/drivers';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { japanToday } from '../../../components/form/date-field';
import { confirmDestructive } from '../../../components/form-modal';
import { LoadFailed } from '../../../components/load-failed';
import { PageSpinner } from '../../../components/page-spinner';
import { formatDateTime } from '../../../lib/format';
import { focusBack } from '../../../lib/main-content';
import { clearSession, redirectToLogin } from '../../../lib/session';
import { signOut } from '../../../lib/sign-out';
import { useSession } from '../../../lib/use-session';
import { useTokenKeeper } from '../../../lib/use-session-watcher';
import { driverDayQueryOptions, useDriverDay } from '../api/get-driver-day';
import css from '../components/day.module.css';
import { DayGroups } from '../components/day-groups';
import { DriverShell } from '../components/driver-shell';
import { MarkDrawer, type MarkTarget } from '../components/mark-drawer';
import { OutboxList } from '../components/outbox-list';
import type { StopActions } from '../components/stop-state';
import { driverStore } from '../driver-store';
import { itemsByStop, newOutboxItem, nextSeq, type OutboxItem } from '../mark-queue';
import { photoPreview } from '../photo-resize';
import { registerServiceWorker } from '../register-service-worker';
import { useOnline } from '../use-online';
import { useOutbox } from '../use-outbox';

interface DriverDayProps {
  accountTools?: (online: boolean) => ReactNode;
}

/**
 * /driver: the driver's phone, in its own shell (antd App for its dialogs and toasts). `accountTools` renders the
 * account's own tools below the day (the app composes the password change there), given whether the phone is
 * online.
 */
export default function DriverDayPage(props: DriverDayProps) {
  return (
    <App component={false}>
      <DriverDay {...props} />
    </App>
  );
}

/**
 * The driver's day, offline first: the round from the server or, without one, as the phone kept it; each stop
 * marked into the phone's queue at once and sent when it can be; what waits, was refused or waits for the office
 * listed; an ended sign-in asks for a new one and keeps everything.
 */
function DriverDay({ accountTools }: DriverDayProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const userId = useSession().claims?.userId ?? 0;
  const queryClient = useQueryClient();
  const online = useOnline();
  const [ended, setEnded] = useState(false);
  useTokenKeeper(useCallback(() => setEnded(true), []));
  useEffect(registerServiceWorker, []);

  const day = useDriverDay(userId);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: driverDayQueryOptions(userId).queryKey }),
    [queryClient, userId],
  );
  const outbox = useOutbox(userId, refresh);
  const items = outbox.items ?? [];
  const byStop = useMemo(() => itemsByStop(items), [items]);
  const loaded = day.data;

  // A fresh day from the server shows which sent marks and decided conflicts the phone can let go.
  const prune = outbox.prune;
  useEffect(() => {
    if (loaded && !loaded.fromPhone && outbox.items) void prune(loaded.day);
  }, [loaded, outbox.items, prune]);

  const [target, setTarget] = useState<(MarkTarget & { replaces?: string }) | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: MarkTarget & { replaces?: string }) => {
    opener.current = document.activeElement as HTMLElement | null;
    setTarget(next);
  };

  const actions: StopActions = {
    onMark: (stop, result) => open({ stop, result }),
    onFix: (item) => void fix(item),
    onRemove: (item) =>
      confirmDestructive(modal, {
        title: t('driverDay.state.removeTitle'),
        content: t('driverDay.state.removeText'),
        okText: t('driverDay.state.remove'),
        cancelText: t('driverDay.form.cancel'),
        onOk: () => outbox.remove(item.clientId),
      }),
    onDropPhoto: (item) => void outbox.dropPhoto(item.clientId),
  };

  /** A refused mark reopens with what it said and its photo; saving replaces it. */
  const fix = async (item: OutboxItem) => {
    const stop = loaded?.day.stops.find((s) => s.id === item.stop.collectionId);
    if (!stop) {
      void message.info(t('driverDay.state.stopGone'));
      return;
    }
    const kept = item.hasPhoto
      ? await driverStore()
          .readPhoto(item.clientId)
          .catch(() => undefined)
      : undefined;
    const blob = kept ? new Blob([kept.bytes], { type: kept.type }) : null;
    open({
      stop,
      result: item.body.result,
      correcting: {
        body: item.body,
        fields: item.failure?.fields ?? {},
        photo: blob ? { blob, preview: await photoPreview(blob) } : null,
      },
      replaces: item.clientId,
    });
  };

  const save = async (input: DriverMarkInput, photo: Blob | null) => {
    if (!target) return;
    const { stop, replaces } = target;
    const item = newOutboxItem({
      userId,
      seq: nextSeq(items),
      stop: { collectionId: stop.id, date: stop.date, siteName: stop.site.name, address: stop.site.address },
      body: input,
      hasPhoto: photo !== null,
    });
    if (replaces) await outbox.remove(replaces);
    await outbox.add(item, photo);
    setTarget(null);
    void message.success(t('driverDay.form.saved'));
  };

  const signInAgain = () => {
    clearSession();
    redirectToLogin();
  };
  const pending = items.filter((i) => i.status === 'WAITING' || i.status === 'PHOTO').length;
  const failed = items.filter((i) => i.status === 'FAILED').length;
  const driver = loaded?.day.driver;
  return (
    <DriverShell
      driverName={driver?.userName ?? null}
      vehicleName={driver?.vehicleName ?? null}
      online={online}
      pending={pending}
      failed={failed}
      accountTools={accountTools?.(online)}
      onSignOut={async () => {
        await driverStore()
          .forgetDay(userId)
          .catch(() => {});
        await signOut();
      }}
    >
      <h1 className={css.title}>{t('driverDay.title')}</h1>
      {(ended || outbox.signInNeeded || loaded?.signInNeeded) && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={t('driverDay.signIn.title')}
          description={t('driverDay.signIn.text')}
          action={
            <Button size="large" type="primary" onClick={signInAgain} data-testid="driver-sign-in-again">
              {t('driverDay.signIn.action')}
            </Button>
          }
        />
      )}
      {loaded?.fromPhone && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="driver-kept-day"
          title={t('driverDay.kept', { time: formatDateTime(loaded.receivedAt, 'MM/DD HH:mm') })}
        />
      )}
      {loaded ? (
        <DayGroups stops={loaded.day.stops} today={japanToday()} items={byStop} actions={actions} />
      ) : day.isError ? (
        <LoadFailed
          title={online ? t('driverDay.loadFailed') : t('driverDay.loadFailedOffline')}
          onRetry={() => void day.refetch()}
        />
      ) : (
        <PageSpinner />
      )}
      <OutboxList items={items} actions={actions} />
      <MarkDrawer
        target={target}
        onClose={() => setTarget(null)}
        afterClose={() => focusBack(opener.current)}
        onSave={save}
      />
    </DriverShell>
  );
}

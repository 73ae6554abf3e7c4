import { paths } from '@junkan/shared/paths';
import { Alert, App, Button, Empty, Flex, Grid, Spin, Typography } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { japanToday } from '../../../components/form/date-field';
import { confirmDiscard } from '../../../components/form-modal';
import { LinkButton } from '../../../components/link-button';
import { LoadFailed } from '../../../components/master-list';
import { PageTitleBar } from '../../../components/page-title-bar';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useDispatchDay } from '../api/dispatch-day';
import { useSaveStopOrder } from '../api/save-stop-order';
import { AreaGroup } from '../components/area-group';
import { AssignBar } from '../components/assign-bar';
import { ConflictsPanel } from '../components/conflicts-panel';
import { DayBar } from '../components/day-bar';
import {
  groupByArea,
  isAssignable,
  isOrderChanged,
  moveStopTo,
  orderStops,
  parseDispatchDate,
  selectArea,
  selectStop,
  stepStop,
} from '../dispatch-values';

/** Read by screen readers, out of sight: where a stop went after a step. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * /dispatch 配車: a day's stops (the day in the address) grouped by area in the round's order; the office gives
 * chosen stops (or a whole area) to a driver and a vehicle, reorders the round by dragging or by the 上へ/下へ
 * buttons and saves it, and decides on the drivers' records that met a changed stop.
 */
export default function DispatchPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [params, setParams] = useSearchParams();
  const today = japanToday();
  const date = parseDispatchDate(params.get('date'), today);
  const day = useDispatchDay(date);
  const save = useSaveStopOrder();
  const [order, setOrder] = useState<number[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const draggable = Grid.useBreakpoint().md !== false;

  const stops = day.data?.stops ?? [];
  const shown = orderStops(stops, order);
  const groups = groupByArea(shown);
  const dirty = isOrderChanged(stops, shown);
  const loading = day.isLoading || day.isPlaceholderData;
  const busy = loading || save.isPending;
  const guard = useLeaveGuard(false, () => setOrder(null));
  useEffect(() => {
    if (dirty) guard.markDirty();
    else guard.markClean();
  }, [dirty, guard]);

  // The day always stands in the address, so a reload or a shared link opens the same day.
  useEffect(() => {
    if (params.get('date') !== date) setParams({ date }, { replace: true });
  }, [params, date, setParams]);

  const changeDate = (next: string) => {
    const go = () => {
      setOrder(null);
      setSelected(new Set());
      setParams({ date: next });
    };
    if (dirty) confirmDiscard(modal, t, { onOk: go });
    else go();
  };

  const reorder = (ids: number[] | null, id: number) => {
    if (!ids) return;
    setOrder(ids);
    const name = stops.find((s) => s.id === id)?.siteName ?? '';
    setAnnouncement(t('dispatch.order.moved', { name, position: ids.indexOf(id) + 1 }));
  };

  /** A step keeps the focus on the stop's button that moved it (or its other one, at the area's edge). */
  const step = (id: number, by: -1 | 1) => {
    reorder(stepStop(shown, id, by), id);
    requestAnimationFrame(() => {
      const button = (s: number) => document.querySelector<HTMLButtonElement>(`[data-step="${id}:${s}"]`);
      const same = button(by);
      (same && !same.disabled ? same : button(-by))?.focus();
    });
  };

  const saveOrder = async () => {
    try {
      await save.mutateAsync({ date, collectionIds: shown.map((s) => s.id) });
      setOrder(null);
      guard.markClean();
      void message.success(t('dispatch.order.saved'));
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  return (
    <>
      <PageTitleBar title={t('dispatch.title')}>
        <LinkButton to={paths.drivers.to()}>{t('dispatch.toDrivers')}</LinkButton>
      </PageTitleBar>
      <Typography.Paragraph type="secondary">{t('dispatch.lead')}</Typography.Paragraph>
      <ConflictsPanel count={day.data?.conflictCount ?? 0} />
      <DayBar date={date} today={today} onChange={changeDate} />
      {day.isError && !day.data ? (
        <LoadFailed title={t('dispatch.loadFailed')} onRetry={() => void day.refetch()} />
      ) : (
        <Spin spinning={loading} description={t('dispatch.loading')}>
          {day.data && stops.length > 0 && (
            <AssignBar
              day={day.data}
              chosen={shown.filter((s) => selected.has(s.id) && isAssignable(s))}
              disabled={busy}
              onAssigned={() => setSelected(new Set())}
            />
          )}
          {stops.length > 0 && (
            <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
              <Button
                type="primary"
                disabled={!dirty || busy}
                loading={save.isPending}
                onClick={() => void saveOrder()}
                data-testid="order-save"
              >
                {t('dispatch.order.save')}
              </Button>
              <Button disabled={!dirty || busy} onClick={() => setOrder(null)} data-testid="order-reset">
                {t('dispatch.order.reset')}
              </Button>
              {dirty && (
                <Alert
                  type="warning"
                  showIcon
                  title={t('dispatch.order.unsaved')}
                  style={{ flex: '1 1 240px' }}
                  data-testid="order-unsaved"
                />
              )}
            </Flex>
          )}
          {!loading && stops.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('dispatch.empty')}
              data-testid="dispatch-empty"
            />
          )}
          {day.data &&
            groups.map((group) => (
              <AreaGroup
                key={group.key}
                group={group}
                shown={shown}
                day={day.data}
                selected={selected}
                onSelectArea={(on) => setSelected((s) => selectArea(s, group, on))}
                onSelectStop={(id, on) => setSelected((s) => selectStop(s, id, on))}
                onMove={(id, target) => reorder(moveStopTo(shown, id, target), id)}
                onStep={step}
                draggable={draggable}
                disabled={busy}
              />
            ))}
        </Spin>
      )}
      <div aria-live="polite" style={VISUALLY_HIDDEN} data-testid="order-announcement">
        {announcement}
      </div>
    </>
  );
}

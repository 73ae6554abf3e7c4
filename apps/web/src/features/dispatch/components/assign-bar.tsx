import type { Dispatch, DispatchStop } from '@junkan/shared/api/drivers';
import { Alert, App, Button, Card, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useAssignStops } from '../api/assign-stops';
import { assignBody, stopsOverLimit, vehicleAfterDriver } from '../dispatch-values';
import { vehicleChoices } from '../driver-values';

/**
 * The chosen stops given to a driver and a vehicle (either may be none), or the assignment taken away; choosing
 * a driver brings the driver's usual vehicle. Warns when the vehicle is larger than a chosen stop admits.
 */
export function AssignBar({
  day,
  chosen,
  disabled,
  onAssigned,
}: {
  day: Dispatch;
  /** The chosen stops, in the day's order. */
  chosen: DispatchStop[];
  disabled: boolean;
  onAssigned: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const assign = useAssignStops();
  const [driverId, setDriverId] = useState<number | null>(null);
  const [vehicleId, setVehicleId] = useState<number | null>(null);
  const ids = chosen.map((s) => s.id);
  const vehicle = day.vehicles.find((v) => v.id === vehicleId);
  const overLimit = stopsOverLimit(chosen, vehicle?.vehicleClass ?? null);
  const off = disabled || assign.isPending;

  const send = async (driverUserId: number | null, vehicle: number | null) => {
    try {
      const { updated } = await assign.mutateAsync(assignBody(ids, driverUserId, vehicle));
      void message.success(t('dispatch.assign.done', { count: updated }));
      onAssigned();
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      title: t('dispatch.assign.removeConfirmTitle'),
      content: t('dispatch.assign.removeConfirm', { count: ids.length }),
      okText: t('dispatch.assign.remove'),
      okButtonProps: { danger: true },
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: () => send(null, null),
    });

  const drivers = day.drivers.filter((d) => d.enabled || d.id === driverId);
  return (
    <Card
      size="small"
      title={t('dispatch.assign.title')}
      style={{ marginBottom: 12 }}
      data-testid="assign-bar"
    >
      <Flex gap={12} wrap align="flex-end">
        <Typography.Text strong style={{ alignSelf: 'center' }} data-testid="assign-count">
          {ids.length > 0
            ? t('dispatch.assign.selected', { count: ids.length })
            : t('dispatch.assign.noneSelected')}
        </Typography.Text>
        <Flex vertical gap={4}>
          <label htmlFor="dispatch-assign-driver">{t('dispatch.assign.driver')}</label>
          <Select<number>
            id="dispatch-assign-driver"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('dispatch.assign.none')}
            value={driverId ?? undefined}
            onChange={(value) => {
              const next = value ?? null;
              setDriverId(next);
              setVehicleId(vehicleAfterDriver(day.drivers, next, vehicleId));
            }}
            options={drivers.map((d) => ({
              value: d.id,
              label: d.enabled ? d.userName : t('dispatch.assign.stopped', { name: d.userName }),
            }))}
            style={{ width: 200 }}
            disabled={off}
            data-testid="assign-driver"
          />
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor="dispatch-assign-vehicle">{t('dispatch.assign.vehicle')}</label>
          <Select<number>
            id="dispatch-assign-vehicle"
            allowClear
            placeholder={t('dispatch.assign.none')}
            value={vehicleId ?? undefined}
            onChange={(value) => setVehicleId(value ?? null)}
            options={vehicleChoices(day.vehicles, vehicleId).map(({ vehicle: v, inactive }) => ({
              value: v.id,
              label: inactive ? t('dispatch.assign.inactive', { name: v.name }) : v.name,
            }))}
            style={{ width: 200 }}
            disabled={off}
            data-testid="assign-vehicle"
          />
        </Flex>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            disabled={off || ids.length === 0 || (driverId === null && vehicleId === null)}
            loading={assign.isPending}
            onClick={() => void send(driverId, vehicleId)}
            data-testid="assign-apply"
          >
            {t('dispatch.assign.apply')}
          </Button>
          <Button
            danger
            disabled={off || ids.length === 0}
            onClick={confirmRemove}
            data-testid="assign-remove"
          >
            {t('dispatch.assign.remove')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('dispatch.assign.hint')}
      </Typography.Paragraph>
      {overLimit > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={t('dispatch.assign.overLimit', { count: overLimit })}
          data-testid="assign-over-limit"
        />
      )}
    </Card>
  );
}

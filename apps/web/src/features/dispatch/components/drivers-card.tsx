import {
  EditOutlined,
  MailOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { Driver, Vehicle } from '@junkan/shared/api/drivers';
import { App, Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import { LoadFailed } from '../../../components/master-list';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useDrivers } from '../api/drivers';
import { useUpdateDriver } from '../api/update-driver';
import { buildDriverUpdate, type DriverState, driverState } from '../driver-values';
import { DriverFormModal } from './driver-form-modal';

const STATE_COLOR: Record<DriverState, string> = { invited: 'blue', active: 'green', stopped: 'default' };

/** The drivers: who they are, their usual vehicle, whether they can sign in; add, edit, stop and restart. */
export function DriversCard({ vehicles }: { vehicles: Vehicle[] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const drivers = useDrivers();
  const update = useUpdateDriver();
  const dialog = useFormModalTarget<Driver>();

  /** Stops (false) or restarts (true) the account; for a driver still invited, true mails a new invitation. */
  const setEnabled = async (driver: Driver, enabled: boolean) => {
    const built = buildDriverUpdate(driver, enabled);
    if (!built.ok) return;
    const done = !enabled ? 'stopped' : driverState(driver) === 'invited' ? 'reinvited' : 'restarted';
    try {
      await update.mutateAsync({ id: driver.id, input: built.input });
      void message.success(t(`driverManagement.${done}`));
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  const confirmReinvite = (driver: Driver) =>
    modal.confirm({
      title: t('driverManagement.reinviteConfirmTitle', { name: driver.userName }),
      content: t('driverManagement.reinviteConfirm', { email: driver.email }),
      okText: t('driverManagement.reinvite'),
      cancelText: t('forms.cancel'),
      onOk: () => setEnabled(driver, true),
    });

  const confirmStop = (driver: Driver) =>
    modal.confirm({
      title: t('driverManagement.stopConfirmTitle', { name: driver.userName }),
      content: t('driverManagement.stopConfirm'),
      okText: t('driverManagement.stop'),
      okButtonProps: { danger: true, autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: () => setEnabled(driver, false),
    });

  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.show(null)} data-testid="driver-add">
      {t('driverManagement.add')}
    </Button>
  );

  return (
    <Card
      title={t('driverManagement.drivers')}
      extra={add}
      style={{ marginBottom: 16 }}
      data-testid="drivers-card"
    >
      {drivers.isError && !drivers.data ? (
        <LoadFailed title={t('driverManagement.loadFailed')} onRetry={() => void drivers.refetch()} />
      ) : (
        <DataTable<Driver>
          rowKey="id"
          size="middle"
          loading={drivers.isLoading}
          dataSource={drivers.data ?? []}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <div>{t('driverManagement.empty')}</div>
                    <Typography.Text type="secondary">{t('driverManagement.emptyLead')}</Typography.Text>
                  </>
                }
              />
            ),
          }}
          columns={[
            { key: 'name', title: t('driverManagement.column.name'), dataIndex: 'userName' },
            { key: 'email', title: t('driverManagement.column.email'), dataIndex: 'email', minWidth: 200 },
            {
              key: 'vehicle',
              title: t('driverManagement.column.vehicle'),
              render: (_, d) => d.vehicleName ?? t('driverManagement.noVehicle'),
            },
            {
              key: 'state',
              title: t('driverManagement.column.state'),
              width: 110,
              render: (_, d) => {
                const state = driverState(d);
                return (
                  <Tag color={STATE_COLOR[state]} data-testid="driver-state">
                    {t(`driverManagement.state.${state}`)}
                  </Tag>
                );
              },
            },
            {
              key: 'lastLogin',
              title: t('driverManagement.column.lastLogin'),
              width: 150,
              render: (_, d) => (d.lastLoginAt ? formatDateTime(d.lastLoginAt) : '—'),
            },
            {
              key: 'actions',
              title: t('driverManagement.column.actions'),
              width: 230,
              render: (_, d) => (
                <Space wrap>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('driverManagement.editLabel', { name: d.userName })}
                    onClick={() => dialog.show(d)}
                  >
                    {t('driverManagement.edit')}
                  </Button>
                  {driverState(d) === 'active' && (
                    <Button
                      size="small"
                      danger
                      icon={<PauseCircleOutlined />}
                      aria-label={t('driverManagement.stopLabel', { name: d.userName })}
                      onClick={() => confirmStop(d)}
                    >
                      {t('driverManagement.stop')}
                    </Button>
                  )}
                  {driverState(d) === 'invited' && (
                    <Button
                      size="small"
                      icon={<MailOutlined />}
                      aria-label={t('driverManagement.reinviteLabel', { name: d.userName })}
                      onClick={() => confirmReinvite(d)}
                    >
                      {t('driverManagement.reinvite')}
                    </Button>
                  )}
                  {driverState(d) === 'stopped' && (
                    <Button
                      size="small"
                      icon={<PlayCircleOutlined />}
                      aria-label={t('driverManagement.restartLabel', { name: d.userName })}
                      onClick={() => void setEnabled(d, true)}
                    >
                      {t('driverManagement.restart')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <DriverFormModal
        key={dialog.key}
        open={dialog.open}
        editing={dialog.editing}
        vehicles={vehicles}
        onClose={dialog.close}
      />
    </Card>
  );
}

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Vehicle } from '@junkan/shared/api/drivers';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import { emptyLocale, LoadFailed } from '../../../components/master-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { VehicleFormModal } from './vehicle-form-modal';

/**
 * The vehicles: name, plate, class, in use, how many drivers use each; add, edit, delete (refused while a driver
 * or a collection has the vehicle: 409 vehicle_in_use, shown as its text).
 */
export function VehiclesCard({ vehicles }: { vehicles: UseQueryResult<Vehicle[]> }) {
  const { t } = useTranslation();
  const remove = useDeleteVehicle();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);
  const dialog = useFormModalTarget<Vehicle>();

  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => dialog.show(null)}
      data-testid="vehicle-add"
    >
      {t('vehicleManagement.add')}
    </Button>
  );

  return (
    <Card title={t('driverManagement.vehicles')} extra={add} data-testid="vehicles-card">
      {vehicles.isError && !vehicles.data ? (
        <LoadFailed title={t('vehicleManagement.loadFailed')} onRetry={() => void vehicles.refetch()} />
      ) : (
        <DataTable<Vehicle>
          rowKey="id"
          size="middle"
          loading={vehicles.isLoading}
          dataSource={vehicles.data ?? []}
          pagination={false}
          locale={emptyLocale(t('vehicleManagement.empty'))}
          columns={[
            { key: 'name', title: t('vehicleManagement.column.name'), dataIndex: 'name' },
            {
              key: 'plate',
              title: t('vehicleManagement.column.plate'),
              dataIndex: 'plateNumber',
              render: (plate: string) => plate || '—',
            },
            {
              key: 'class',
              title: t('vehicleManagement.column.class'),
              width: 120,
              render: (_, v) => t(`collections.vehicle.${v.vehicleClass}`),
            },
            {
              key: 'state',
              title: t('vehicleManagement.column.state'),
              width: 110,
              render: (_, v) => (
                <Tag color={v.active ? 'green' : 'default'}>
                  {t(v.active ? 'vehicleManagement.active' : 'vehicleManagement.inactive')}
                </Tag>
              ),
            },
            {
              key: 'drivers',
              title: t('vehicleManagement.column.drivers'),
              width: 150,
              render: (_, v) => t('vehicleManagement.driverCount', { count: v.driverCount }),
            },
            {
              key: 'actions',
              title: t('vehicleManagement.column.actions'),
              width: 190,
              render: (_, v) => (
                <Space wrap>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('vehicleManagement.editLabel', { name: v.name })}
                    onClick={() => dialog.show(v)}
                  >
                    {t('vehicleManagement.edit')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('vehicleManagement.deleteLabel', { name: v.name })}
                    onClick={() =>
                      deleteWithConfirm({
                        id: v.id,
                        title: t('vehicleManagement.deleteTitle'),
                        name: v.name,
                        okTestId: 'vehicle-delete-ok',
                      })
                    }
                  >
                    {t('vehicleManagement.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <VehicleFormModal key={dialog.key} open={dialog.open} editing={dialog.editing} onClose={dialog.close} />
    </Card>
  );
}

import { DRIVER_MAX, type Driver, driverCreateSchema, type Vehicle } from '@junkan/shared/api/drivers';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { showFormIssues, zodRule } from '../../../lib/form-errors';
import { useCreateDriver } from '../api/create-driver';
import { useUpdateDriver } from '../api/update-driver';
import {
  buildDriverCreate,
  buildDriverUpdate,
  type DriverFormValues,
  driverFormValues,
  vehicleChoices,
} from '../driver-values';

/**
 * Add a driver (name, e-mail, usual vehicle: the driver is mailed a link to set a password) or edit one (name
 * and vehicle; the e-mail is the sign-in and stays). Stopping the account is the list's own action.
 */
export function DriverFormModal({
  open,
  editing,
  vehicles,
  onClose,
}: {
  open: boolean;
  editing: Driver | null;
  vehicles: Vehicle[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DriverFormValues>();
  const create = useCreateDriver();
  const update = useUpdateDriver();
  const choices = vehicleChoices(vehicles, editing?.vehicleId ?? null);

  const save = (values: DriverFormValues) => {
    if (editing) {
      const built = buildDriverUpdate(values, editing.enabled);
      if (!built.ok) {
        showFormIssues(form, built.issues, t);
        return null;
      }
      return update.mutateAsync({ id: editing.id, input: built.input });
    }
    const built = buildDriverCreate(values);
    if (!built.ok) {
      showFormIssues(form, built.issues, t);
      return null;
    }
    return create.mutateAsync(built.input);
  };

  return (
    <FormModal<DriverFormValues>
      open={open}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
      initialValues={driverFormValues(editing)}
      save={save}
      submitTestId="driver-submit"
      title={t(editing ? 'driverManagement.editTitle' : 'driverManagement.createTitle')}
      okText={t(editing ? 'driverManagement.update' : 'driverManagement.create')}
    >
      {!editing && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('driverManagement.inviteNote')} />
      )}
      <Form.Item
        name="userName"
        label={t('driverManagement.field.userName')}
        rules={[zodRule(driverCreateSchema.shape.userName, t)]}
        required
      >
        <Input maxLength={DRIVER_MAX.driverName} autoFocus autoComplete="off" data-testid="driver-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('driverManagement.field.email')}
        rules={editing ? [] : [zodRule(driverCreateSchema.shape.email, t)]}
        required={!editing}
        extra={editing ? t('driverManagement.emailFixed') : undefined}
      >
        <Input
          type="email"
          maxLength={MAX_LENGTH.email}
          disabled={!!editing}
          autoComplete="off"
          data-testid="driver-email"
        />
      </Form.Item>
      <Form.Item name="vehicleId" label={t('driverManagement.field.vehicle')}>
        <Select<number>
          allowClear
          placeholder={t('driverManagement.noVehicle')}
          options={choices.map(({ vehicle, inactive }) => ({
            value: vehicle.id,
            label: inactive ? t('dispatch.assign.inactive', { name: vehicle.name }) : vehicle.name,
          }))}
          data-testid="driver-vehicle"
        />
      </Form.Item>
    </FormModal>
  );
}

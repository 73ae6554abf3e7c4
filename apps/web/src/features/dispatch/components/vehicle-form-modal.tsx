import { DRIVER_MAX, VEHICLE_CLASSES, type Vehicle, vehicleInputSchema } from '@junkan/shared/api/drivers';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../components/form/required-rule';
import { FormModal } from '../../../components/form-modal';
import { showFormIssues, zodRule } from '../../../lib/form-errors';
import { useCreateVehicle } from '../api/create-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import { buildVehicle, type VehicleFormValues, vehicleFormValues } from '../driver-values';

/** Add or edit a vehicle: name (unique in the company), plate, class (the collections' vehicle limits), in use. */
export function VehicleFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: Vehicle | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VehicleFormValues>();
  const create = useCreateVehicle();
  const update = useUpdateVehicle();

  const save = (values: VehicleFormValues) => {
    const built = buildVehicle(values);
    if (!built.ok) {
      showFormIssues(form, built.issues, t);
      return null;
    }
    return editing
      ? update.mutateAsync({ id: editing.id, input: built.input })
      : create.mutateAsync(built.input);
  };

  return (
    <FormModal<VehicleFormValues>
      open={open}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
      initialValues={vehicleFormValues(editing)}
      save={save}
      submitTestId="vehicle-submit"
      title={t(editing ? 'vehicleManagement.editTitle' : 'vehicleManagement.createTitle')}
      okText={t(editing ? 'vehicleManagement.update' : 'vehicleManagement.create')}
    >
      <Form.Item
        name="name"
        label={t('vehicleManagement.field.name')}
        rules={[zodRule(vehicleInputSchema.shape.name, t)]}
        required
      >
        <Input maxLength={DRIVER_MAX.vehicleName} autoFocus autoComplete="off" data-testid="vehicle-name" />
      </Form.Item>
      <Form.Item name="plateNumber" label={t('vehicleManagement.field.plateNumber')}>
        <Input maxLength={DRIVER_MAX.plateNumber} autoComplete="off" data-testid="vehicle-plate" />
      </Form.Item>
      <Form.Item
        name="vehicleClass"
        label={t('vehicleManagement.field.vehicleClass')}
        rules={[requiredRule(t)]}
      >
        <Select<string>
          placeholder={t('vehicleManagement.classPlaceholder')}
          options={VEHICLE_CLASSES.map((c) => ({ value: c, label: t(`collections.vehicle.${c}`) }))}
          data-testid="vehicle-class"
        />
      </Form.Item>
      <Form.Item
        name="active"
        label={t('vehicleManagement.field.active')}
        valuePropName="checked"
        extra={t('vehicleManagement.activeHelp')}
      >
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

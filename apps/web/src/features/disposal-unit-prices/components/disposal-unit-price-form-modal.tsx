import {
  type DisposalUnitPrice,
  type DisposalUnitPriceRequest,
  MAX_UNIT_PRICE,
  majorClassOf,
  unitPriceSchema,
} from '@junkan/shared';
import { Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../components/form/required-rule';
import { ValidityPeriodFields } from '../../../components/form/validity-period-fields';
import { YenInput } from '../../../components/form/yen-input';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form-errors';
import { useUnitMeasures } from '../../../lib/reference-data/unit-measures';
import { useWastes } from '../../../lib/reference-data/wastes';
import { wasteOptions } from '../../handling-waste-prices/components/handling-waste-price-form-modal';
import { useCreateDisposalUnitPrice, useUpdateDisposalUnitPrice } from '../api/disposal-unit-prices';

interface FormValues {
  wasteId?: number;
  unitMeasureId?: number;
  unitPrice?: number | null;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
}

export interface DisposalUnitPriceFormModalProps {
  open: boolean;
  /** The price being edited; null registers a new one. */
  editing: DisposalUnitPrice | null;
  /** Major classes the company's disposal permits cover: only their wastes are offered (all while unknown). */
  coveredKindIds?: number[];
  onClose: () => void;
}

const toDate = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** Register or edit one disposal unit price. A period overlapping another is shown on the start date. */
export function DisposalUnitPriceFormModal({
  open,
  editing,
  coveredKindIds,
  onClose,
}: DisposalUnitPriceFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateDisposalUnitPrice();
  const update = useUpdateDisposalUnitPrice();
  const wastes = useWastes();
  const units = useUnitMeasures();
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;
  const unitId = Form.useWatch('unitMeasureId', form);
  const unitLabel = units.data?.find((u) => u.id === unitId)?.unit;

  const initialValues: FormValues = editing
    ? {
        wasteId: editing.wasteId,
        unitMeasureId: editing.unitMeasureId,
        unitPrice: editing.unitPrice,
        validFrom: dayjs(editing.validFrom),
        validTo: editing.validTo ? dayjs(editing.validTo) : null,
      }
    : { unitPrice: null, validFrom: null, validTo: null };

  const options = useMemo(
    () =>
      wasteOptions(
        wastes.data?.filter(
          (w) => !coveredKindIds || coveredKindIds.includes(majorClassOf(w)) || w.id === editing?.wasteId,
        ),
        t,
      ),
    [wastes.data, coveredKindIds, editing?.wasteId, t],
  );

  const save = (values: FormValues) => {
    const body: DisposalUnitPriceRequest = {
      wasteId: values.wasteId as number,
      unitMeasureId: values.unitMeasureId as number,
      unitPrice: values.unitPrice as number,
      validFrom: toDate(values.validFrom) ?? '',
      validTo: toDate(values.validTo),
    };
    return editing ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body);
  };

  return (
    <FormModal<FormValues>
      open={open}
      form={form}
      saving={saving}
      onClose={onClose}
      initialValues={initialValues}
      save={save}
      submitTestId="disposal-price-submit"
      width={600}
      title={t(isNew ? 'disposalUnitPrice.registerTitle' : 'disposalUnitPrice.editTitle')}
      okText={t(isNew ? 'disposalUnitPrice.register' : 'disposalUnitPrice.update')}
    >
      <Form.Item name="wasteId" label={t('disposalUnitPrice.field.waste')} rules={[requiredRule(t)]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          loading={wastes.isLoading}
          placeholder={t('disposalUnitPrice.placeholder.waste')}
          data-testid="disposal-price-waste"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="unitMeasureId" label={t('disposalUnitPrice.field.unit')} rules={[requiredRule(t)]}>
        <Select
          loading={units.isLoading}
          placeholder={t('disposalUnitPrice.placeholder.unit')}
          options={(units.data ?? []).map((u) => ({ label: u.unit, value: u.id }))}
          data-testid="disposal-price-unit"
        />
      </Form.Item>
      <Form.Item
        name="unitPrice"
        label={t('disposalUnitPrice.field.unitPrice')}
        rules={[zodRule(unitPriceSchema, t)]}
        extra={unitLabel ? t('disposalUnitPrice.perUnit', { unit: unitLabel }) : undefined}
        required
      >
        <YenInput max={MAX_UNIT_PRICE} style={{ width: 220 }} data-testid="disposal-price-unit-price" />
      </Form.Item>
      <ValidityPeriodFields
        label={t('disposalUnitPrice.field.period')}
        help={t('disposalUnitPrice.periodHelp')}
        fromPlaceholder={t('disposalUnitPrice.placeholder.validFrom')}
        toPlaceholder={t('disposalUnitPrice.placeholder.validTo')}
      />
    </FormModal>
  );
}

import {
  type HandlingWastePrice,
  type HandlingWastePriceRequest,
  MAX_UNIT_PRICE,
  unitPriceSchema,
  type WasteItem,
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
import { useCreateHandlingWastePrice } from '../api/create-handling-waste-price';
import { useUpdateHandlingWastePrice } from '../api/update-handling-waste-price';

interface FormValues {
  wasteId?: number;
  unitMeasureId?: number | null;
  unitPrice?: number | null;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
}

export interface HandlingWastePriceFormModalProps {
  open: boolean;
  /** The price being edited; null registers a new one. */
  editing: HandlingWastePrice | null;
  onClose: () => void;
}

const toDate = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

export function wasteOptions(wastes: WasteItem[] | undefined, t: (key: string) => string) {
  const groups = new Map<string, { label: string; value: number }[]>();
  for (const w of wastes ?? []) {
    const list = groups.get(w.category) ?? [];
    list.push({ label: `${'　'.repeat(Math.max(0, w.level - 1))}${w.name}（${w.wasteCode}）`, value: w.id });
    groups.set(w.category, list);
  }
  return [...groups.entries()].map(([category, options]) => ({
    label: t(`handlingWastePrice.category.${category}`),
    title: category,
    options,
  }));
}

/** Register or edit one price. Enter submits; closing with unsaved input asks first. */
export function HandlingWastePriceFormModal({ open, editing, onClose }: HandlingWastePriceFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateHandlingWastePrice();
  const update = useUpdateHandlingWastePrice();
  const wastes = useWastes();
  const units = useUnitMeasures();
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;

  const initialValues: FormValues = editing
    ? {
        wasteId: editing.wasteId,
        unitMeasureId: editing.unitMeasureId,
        unitPrice: editing.unitPrice,
        validFrom: dayjs(editing.validFrom),
        validTo: editing.validTo ? dayjs(editing.validTo) : null,
      }
    : { unitMeasureId: null, unitPrice: null, validFrom: null, validTo: null };

  const options = useMemo(() => wasteOptions(wastes.data, t), [wastes.data, t]);

  const save = (values: FormValues) => {
    const body: HandlingWastePriceRequest = {
      wasteId: values.wasteId as number,
      unitMeasureId: values.unitMeasureId ?? null,
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
      submitTestId="handling-price-submit"
      width={600}
      title={t(isNew ? 'handlingWastePrice.registerTitle' : 'handlingWastePrice.editTitle')}
      okText={t(isNew ? 'handlingWastePrice.register' : 'handlingWastePrice.update')}
    >
      <Form.Item name="wasteId" label={t('handlingWastePrice.field.waste')} rules={[requiredRule(t)]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          loading={wastes.isLoading}
          placeholder={t('handlingWastePrice.placeholder.waste')}
          data-testid="handling-price-waste"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="unitMeasureId" label={t('handlingWastePrice.field.unit')}>
        <Select
          allowClear
          loading={units.isLoading}
          placeholder={t('handlingWastePrice.placeholder.unit')}
          options={(units.data ?? []).map((u) => ({ label: u.unit, value: u.id }))}
        />
      </Form.Item>
      <Form.Item
        name="unitPrice"
        label={t('handlingWastePrice.field.unitPrice')}
        rules={[zodRule(unitPriceSchema, t)]}
        required
      >
        <YenInput max={MAX_UNIT_PRICE} style={{ width: 220 }} data-testid="handling-price-unit-price" />
      </Form.Item>
      <ValidityPeriodFields
        label={t('handlingWastePrice.field.period')}
        help={t('handlingWastePrice.periodHelp')}
        fromPlaceholder={t('handlingWastePrice.placeholder.validFrom')}
        toPlaceholder={t('handlingWastePrice.placeholder.validTo')}
      />
    </FormModal>
  );
}

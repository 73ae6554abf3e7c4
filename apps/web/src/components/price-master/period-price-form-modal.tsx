import { MAX_UNIT_PRICE, unitPriceSchema } from '@junkan/shared/api/period-prices';
import type { WasteItem } from '@junkan/shared/api/waste';
import type { DatePeriod } from '@junkan/shared/rules/price-period';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/form-errors';
import { useUnitMeasures } from '../../lib/reference-data/unit-measures';
import { useWastes } from '../../lib/reference-data/wastes';
import { requiredRule } from '../form/required-rule';
import { YenInput } from '../form/yen-input';
import { FormModal } from '../form-modal';
import { type PeriodDates, periodDates, periodOf } from './period-values';
import { ValidityPeriodFields } from './validity-period-fields';
import { wasteOptions } from './waste-options';

export interface PeriodPriceFormValues extends PeriodDates {
  wasteId?: number;
  unitMeasureId?: number | null;
  unitPrice?: number | null;
}

/** What a price form sends: the waste, the unit (null: none chosen), the price and its period. */
export interface PeriodPriceBody {
  wasteId: number;
  unitMeasureId: number | null;
  unitPrice: number;
  validFrom: string;
  validTo: string | null;
}

/** A stored price the form edits. */
export interface EditedPeriodPrice extends DatePeriod {
  id: number;
  wasteId: number;
  unitMeasureId: number | null;
  unitPrice: number;
}

export interface PeriodPriceFormModalProps<Price extends EditedPeriodPrice> {
  open: boolean;
  /** The price being edited; null registers a new one. */
  editing: Price | null;
  onClose: () => void;
  /**
   * The price master's i18n prefix, whose keys the form reads: registerTitle, editTitle, register, update,
   * field.{waste,unit,unitPrice,period}, placeholder.{waste,unit,validFrom,validTo}, periodHelp (and perUnit).
   */
  texts: string;
  /** Test ids `<prefix>-waste`, `-unit`, `-unit-price` and `-submit`. */
  testIdPrefix: string;
  saving: boolean;
  /** Registers (`editing` null) or updates the price. */
  save: (body: PeriodPriceBody) => Promise<unknown>;
  /** The wastes offered (all without it); the edited price's own waste always is. */
  offerWaste?: (waste: WasteItem) => boolean;
  /** The unit must be chosen (else it may be left empty). */
  unitRequired?: boolean;
  /** Under the price, what it is per (`<texts>.perUnit` with the chosen unit). */
  showPerUnit?: boolean;
}

/**
 * Register or edit one price of a price master: the waste, the unit, the price and its validity period
 * (invalid_period next to the end; a period_overlap from the server next to the start). Enter submits;
 * closing with unsaved input asks first.
 */
export function PeriodPriceFormModal<Price extends EditedPeriodPrice>({
  open,
  editing,
  onClose,
  texts,
  testIdPrefix,
  saving,
  save,
  offerWaste,
  unitRequired = false,
  showPerUnit = false,
}: PeriodPriceFormModalProps<Price>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PeriodPriceFormValues>();
  const wastes = useWastes();
  const units = useUnitMeasures();
  const isNew = editing === null;
  const unitId = Form.useWatch('unitMeasureId', form);
  const unitLabel = showPerUnit ? units.data?.find((u) => u.id === unitId)?.unit : undefined;

  const initialValues: PeriodPriceFormValues = editing
    ? {
        wasteId: editing.wasteId,
        unitMeasureId: editing.unitMeasureId,
        unitPrice: editing.unitPrice,
        ...periodDates(editing),
      }
    : {
        ...(unitRequired ? {} : { unitMeasureId: null }),
        unitPrice: null,
        validFrom: null,
        validTo: null,
      };

  const editedWasteId = editing?.wasteId;
  const options = useMemo(
    () =>
      wasteOptions(
        offerWaste ? wastes.data?.filter((w) => offerWaste(w) || w.id === editedWasteId) : wastes.data,
        t,
      ),
    [wastes.data, offerWaste, editedWasteId, t],
  );

  const submit = (values: PeriodPriceFormValues) =>
    save({
      wasteId: values.wasteId as number,
      unitMeasureId: values.unitMeasureId ?? null,
      unitPrice: values.unitPrice as number,
      ...periodOf(values),
    });

  return (
    <FormModal<PeriodPriceFormValues>
      open={open}
      form={form}
      saving={saving}
      onClose={onClose}
      initialValues={initialValues}
      save={submit}
      submitTestId={`${testIdPrefix}-submit`}
      width={600}
      title={t(isNew ? `${texts}.registerTitle` : `${texts}.editTitle`)}
      okText={t(isNew ? `${texts}.register` : `${texts}.update`)}
    >
      <Form.Item name="wasteId" label={t(`${texts}.field.waste`)} rules={[requiredRule(t)]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          loading={wastes.isLoading}
          placeholder={t(`${texts}.placeholder.waste`)}
          data-testid={`${testIdPrefix}-waste`}
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="unitMeasureId"
        label={t(`${texts}.field.unit`)}
        rules={unitRequired ? [requiredRule(t)] : undefined}
      >
        <Select
          allowClear={!unitRequired}
          loading={units.isLoading}
          placeholder={t(`${texts}.placeholder.unit`)}
          options={(units.data ?? []).map((u) => ({ label: u.unit, value: u.id }))}
          data-testid={`${testIdPrefix}-unit`}
        />
      </Form.Item>
      <Form.Item
        name="unitPrice"
        label={t(`${texts}.field.unitPrice`)}
        rules={[zodRule(unitPriceSchema, t)]}
        extra={unitLabel ? t(`${texts}.perUnit`, { unit: unitLabel }) : undefined}
        required
      >
        <YenInput max={MAX_UNIT_PRICE} style={{ width: 220 }} data-testid={`${testIdPrefix}-unit-price`} />
      </Form.Item>
      <ValidityPeriodFields
        label={t(`${texts}.field.period`)}
        help={t(`${texts}.periodHelp`)}
        fromPlaceholder={t(`${texts}.placeholder.validFrom`)}
        toPlaceholder={t(`${texts}.placeholder.validTo`)}
      />
    </FormModal>
  );
}

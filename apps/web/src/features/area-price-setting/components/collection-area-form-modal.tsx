import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COLLECTION_AREA_LIMITS,
  type CollectionArea,
  type CollectionAreaRequest,
  type CollectionAreaType,
  collectionAreaRequestSchema,
  formatPostalCode,
  isValidPeriod,
  MAX_UNIT_PRICE,
  periodsOverlap,
  postalCodeSchema,
  unitPriceSchema,
} from '@junkan/shared';
import type { FormRule } from 'antd';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepEnterInPicker } from '../../../components/form/date-field';
import { YenInput } from '../../../components/form/yen-input';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { checkAreaNameExists } from '../api/area-name-exists';
import { useCreateCollectionArea } from '../api/create-collection-area';
import { checkPosCodeExists } from '../api/pos-code-exists';
import { useUnitMeasures } from '../api/unit-measures';
import { useUpdateCollectionArea } from '../api/update-collection-area';
import { useWastesOfCategory } from '../api/wastes';

/** The waste select's value for a price that applies to any waste (sent as no wasteId). */
const ANY_WASTE = 0;
const CHECK_DEBOUNCE_MS = 400;

interface PriceRow {
  id?: number | null;
  wasteId: number;
  unitMeasureId?: number | null;
  unitPrice?: number | null;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
}

interface AreaFormValues {
  areaName: string;
  licenseNumber: string;
  administrativeDistrict: string;
  posCodes: string[];
  prices: PriceRow[];
}

export interface CollectionAreaFormModalProps {
  open: boolean;
  type: CollectionAreaType;
  /** The area being edited; null registers a new one. */
  editing: CollectionArea | null;
  onClose: () => void;
}

const toDate = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const periodOf = (row: PriceRow | undefined) => ({
  validFrom: toDate(row?.validFrom) ?? '',
  validTo: toDate(row?.validTo),
});

const toFormValues = (area: CollectionArea | null): AreaFormValues =>
  area
    ? {
        areaName: area.areaName,
        licenseNumber: area.licenseNumber,
        administrativeDistrict: area.administrativeDistrict,
        posCodes: area.posCodes.length ? area.posCodes : [''],
        prices: area.prices.map((p) => ({
          id: p.id,
          wasteId: p.wasteId ?? ANY_WASTE,
          unitMeasureId: p.unitMeasureId,
          unitPrice: p.unitPrice,
          validFrom: dayjs(p.validFrom),
          validTo: p.validTo ? dayjs(p.validTo) : null,
        })),
      }
    : { areaName: '', licenseNumber: '', administrativeDistrict: '', posCodes: [''], prices: [] };

/**
 * Register or edit a collection area: name, license, the postal codes it serves (hyphen added as typed,
 * checked against the company's other areas as you type) and its unit prices with validity periods
 * (overlaps refused next to the row). Enter submits; closing with unsaved input asks first.
 */
export function CollectionAreaFormModal({ open, type, editing, onClose }: CollectionAreaFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AreaFormValues>();
  const create = useCreateCollectionArea();
  const update = useUpdateCollectionArea();
  const wastes = useWastesOfCategory(type);
  const units = useUnitMeasures();
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;
  const typeLabel = t(`areaPriceSetting.type.${type}`);

  const wasteOptions = useMemo(
    () => [
      { label: t('areaPriceSetting.anyWaste'), value: ANY_WASTE },
      ...(wastes.data ?? []).map((w) => ({
        label: `${'　'.repeat(Math.max(0, w.level - 1))}${w.name}`,
        value: w.id,
      })),
    ],
    [wastes.data, t],
  );
  const unitOptions = (units.data ?? []).map((u) => ({ label: u.unit, value: u.id }));

  // ---- field rules -------------------------------------------------------------------------

  const areaNameRules: FormRule[] = [
    zodRule(collectionAreaRequestSchema.shape.areaName, t),
    {
      validator: async (_rule, value: string) => {
        const name = (value ?? '').trim();
        if (!name) return;
        const { exists } = await checkAreaNameExists(editing?.id ?? 0, name, type).catch(() => ({
          exists: false,
        }));
        if (exists) throw new Error(messageText(t, 'area_name_already_used'));
      },
    },
  ];

  const posCodeRules = (index: number): FormRule[] => [
    zodRule(postalCodeSchema, t),
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string) => {
        const all = (getFieldValue('posCodes') as string[] | undefined) ?? [];
        if (all.indexOf(value) < index) throw new Error(t('areaPriceSetting.posCodeRepeated'));
      },
    }),
    {
      validator: async (_rule, value: string) => {
        const result = await checkPosCodeExists(value, type, editing?.id).catch(() => ({
          exists: false,
          areaName: undefined,
        }));
        if (result.exists)
          throw new Error(t('areaPriceSetting.posCodeUsedIn', { areaName: result.areaName ?? '' }));
      },
    },
  ];

  /** Start date: required, and no overlap with another row of the same waste (shared rule). */
  const validFromRules = (index: number): FormRule[] => [
    { required: true, message: messageText(t, 'MSG_00_21') },
    ({ getFieldValue }) => ({
      validator: async () => {
        const rows = (getFieldValue('prices') as PriceRow[] | undefined) ?? [];
        const own = rows[index];
        if (!own?.validFrom || !isValidPeriod(periodOf(own))) return;
        const wasteId = own.wasteId ?? ANY_WASTE;
        const clash = rows.some(
          (row, j) =>
            j !== index &&
            (row?.wasteId ?? ANY_WASTE) === wasteId &&
            !!row?.validFrom &&
            isValidPeriod(periodOf(row)) &&
            periodsOverlap(periodOf(row), periodOf(own)),
        );
        if (clash) throw new Error(messageText(t, 'period_overlap'));
      },
    }),
  ];

  /** End date: empty means until further notice; otherwise not before the start. */
  const validToRules = (index: number): FormRule[] => [
    ({ getFieldValue }) => ({
      validator: async () => {
        const row = getFieldValue(['prices', index]) as PriceRow | undefined;
        if (row?.validFrom && row.validTo && !isValidPeriod(periodOf(row)))
          throw new Error(messageText(t, 'invalid_period'));
      },
    }),
  ];

  /** After a change in one row, overlaps are checked again on every row that has a start date. */
  const revalidateRow = (index: number) => {
    const rows = (form.getFieldValue('prices') as PriceRow[] | undefined) ?? [];
    const names = rows.flatMap((row, j) => (row?.validFrom ? [['prices', j, 'validFrom']] : []));
    void form.validateFields([...names, ['prices', index, 'validTo']]).catch(() => {});
  };

  // ---- submit ------------------------------------------------------------------------------

  const save = (values: AreaFormValues) => {
    const body: CollectionAreaRequest = {
      areaName: values.areaName.trim(),
      type,
      posCodes: values.posCodes,
      licenseNumber: (values.licenseNumber ?? '').trim(),
      administrativeDistrict: (values.administrativeDistrict ?? '').trim(),
      prices: (values.prices ?? []).map((row) => ({
        id: row.id ?? null,
        wasteId: row.wasteId === ANY_WASTE ? null : row.wasteId,
        unitMeasureId: row.unitMeasureId ?? null,
        unitPrice: row.unitPrice as number,
        ...periodOf(row),
      })),
    };
    return editing ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body);
  };

  return (
    <FormModal<AreaFormValues>
      open={open}
      form={form}
      saving={saving}
      onClose={onClose}
      initialValues={toFormValues(editing)}
      save={save}
      // The unique index's answer names the whole list: show it on the first code.
      errorFieldMap={{ posCodes: ['posCodes', 0] }}
      submitTestId="area-submit"
      width={900}
      formProps={{ scrollToFirstError: true }}
      title={t(isNew ? 'areaPriceSetting.registerTitle' : 'areaPriceSetting.editTitle', { type: typeLabel })}
      okText={t(isNew ? 'areaPriceSetting.register' : 'areaPriceSetting.update')}
    >
      <Card size="small" title={t('areaPriceSetting.section.area')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="areaName"
              label={t('areaPriceSetting.field.areaName')}
              rules={areaNameRules}
              validateFirst
              validateDebounce={CHECK_DEBOUNCE_MS}
              required
            >
              <Input
                maxLength={COLLECTION_AREA_LIMITS.areaName}
                showCount
                autoFocus
                autoComplete="off"
                data-testid="area-name"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="licenseNumber"
              label={t('areaPriceSetting.field.licenseNumber')}
              extra={t('areaPriceSetting.licenseHelp')}
              rules={[
                { max: COLLECTION_AREA_LIMITS.licenseNumber, message: messageText(t, 'max_length_exceeded') },
              ]}
            >
              <Input
                maxLength={COLLECTION_AREA_LIMITS.licenseNumber}
                placeholder={t('areaPriceSetting.placeholder.licenseNumber')}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="administrativeDistrict"
              label={t('areaPriceSetting.field.administrativeDistrict')}
              rules={[
                {
                  max: COLLECTION_AREA_LIMITS.administrativeDistrict,
                  message: messageText(t, 'max_length_exceeded'),
                },
              ]}
            >
              <Input
                maxLength={COLLECTION_AREA_LIMITS.administrativeDistrict}
                placeholder={t('areaPriceSetting.placeholder.administrativeDistrict')}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Form.List name="posCodes">
        {(fields, { add, remove }) => (
          <Card
            size="small"
            title={t('areaPriceSetting.section.posCodes')}
            style={{ marginBottom: 16 }}
            extra={
              <Button
                icon={<PlusOutlined />}
                onClick={() => add('')}
                disabled={saving || fields.length >= COLLECTION_AREA_LIMITS.posCodes}
                data-testid="add-pos-code"
              >
                {t('areaPriceSetting.addPosCode')}
              </Button>
            }
          >
            <Row gutter={[12, 0]}>
              {fields.map((field, index) => (
                <Col key={field.key} xs={24} sm={12} md={8}>
                  <Flex gap={4} align="start">
                    <Form.Item
                      name={field.name}
                      rules={posCodeRules(index)}
                      validateFirst
                      validateDebounce={CHECK_DEBOUNCE_MS}
                      normalize={(v: string) => formatPostalCode(v ?? '')}
                      style={{ flex: 1, marginBottom: 12 }}
                    >
                      <Input
                        maxLength={8}
                        inputMode="numeric"
                        placeholder={t('areaPriceSetting.placeholder.posCode')}
                        aria-label={`${t('areaPriceSetting.field.posCode')} ${index + 1}`}
                        data-testid={`pos-code-${index}`}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('areaPriceSetting.removeRow')}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                </Col>
              ))}
            </Row>
          </Card>
        )}
      </Form.List>

      <Form.List name="prices">
        {(fields, { add, remove }) => (
          <Card
            size="small"
            title={t('areaPriceSetting.section.prices')}
            extra={
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    wasteId: ANY_WASTE,
                    unitMeasureId: null,
                    unitPrice: null,
                    validFrom: null,
                    validTo: null,
                  })
                }
                disabled={saving || fields.length >= COLLECTION_AREA_LIMITS.prices}
                data-testid="add-price"
              >
                {t('areaPriceSetting.addPrice')}
              </Button>
            }
          >
            {wastes.isError && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('areaPriceSetting.wastesUnavailable')}
              />
            )}
            {fields.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('areaPriceSetting.noPrices')} />
            ) : (
              <>
                <Row gutter={8} style={{ marginBottom: 4 }}>
                  <Col span={6}>
                    <Typography.Text type="secondary">{t('areaPriceSetting.field.waste')}</Typography.Text>
                  </Col>
                  <Col span={3}>
                    <Typography.Text type="secondary">{t('areaPriceSetting.field.unit')}</Typography.Text>
                  </Col>
                  <Col span={4}>
                    <Typography.Text type="secondary">
                      {t('areaPriceSetting.field.unitPrice')}
                    </Typography.Text>
                  </Col>
                  <Col span={10}>
                    <Typography.Text type="secondary">{t('areaPriceSetting.field.period')}</Typography.Text>
                  </Col>
                </Row>
                {fields.map((field, index) => (
                  <Row key={field.key} gutter={8} align="top" data-testid={`price-row-${index}`}>
                    <Col span={6}>
                      <Form.Item name={[field.name, 'wasteId']} style={{ marginBottom: 12 }}>
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          options={wasteOptions}
                          loading={wastes.isLoading}
                          aria-label={t('areaPriceSetting.field.waste')}
                          onChange={() => revalidateRow(index)}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item name={[field.name, 'unitMeasureId']} style={{ marginBottom: 12 }}>
                        <Select
                          allowClear
                          options={unitOptions}
                          loading={units.isLoading}
                          aria-label={t('areaPriceSetting.field.unit')}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item
                        name={[field.name, 'unitPrice']}
                        rules={[zodRule(unitPriceSchema, t)]}
                        style={{ marginBottom: 12 }}
                      >
                        <YenInput
                          max={MAX_UNIT_PRICE}
                          aria-label={t('areaPriceSetting.field.unitPrice')}
                          data-testid={`price-unit-price-${index}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={5}>
                      <Form.Item
                        name={[field.name, 'validFrom']}
                        rules={validFromRules(index)}
                        style={{ marginBottom: 12 }}
                      >
                        <DatePicker
                          onKeyDown={keepEnterInPicker}
                          format="YYYY/MM/DD"
                          style={{ width: '100%' }}
                          placeholder={t('areaPriceSetting.placeholder.validFrom')}
                          aria-label={t('areaPriceSetting.placeholder.validFrom')}
                          onChange={() => revalidateRow(index)}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={5}>
                      <Form.Item
                        name={[field.name, 'validTo']}
                        rules={validToRules(index)}
                        style={{ marginBottom: 12 }}
                      >
                        <DatePicker
                          onKeyDown={keepEnterInPicker}
                          format="YYYY/MM/DD"
                          style={{ width: '100%' }}
                          placeholder={t('areaPriceSetting.placeholder.validTo')}
                          aria-label={t('areaPriceSetting.placeholder.validTo')}
                          onChange={() => revalidateRow(index)}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={1}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('areaPriceSetting.removeRow')}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                ))}
              </>
            )}
          </Card>
        )}
      </Form.List>
    </FormModal>
  );
}

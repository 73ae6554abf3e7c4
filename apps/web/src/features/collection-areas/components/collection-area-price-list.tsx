import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COLLECTION_AREA_LIMITS, type CollectionAreaType } from '@junkan/shared/api/collection-areas';
import { MAX_UNIT_PRICE, unitPriceSchema } from '@junkan/shared/api/period-prices';
import type { FormRule } from 'antd';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Row, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayPickerProps } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { YenInput } from '../../../components/form/yen-input';
import { endsBeforeStart } from '../../../components/price-master/period-values';
import { zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useUnitMeasures } from '../../../lib/reference-data/unit-measures';
import { useWastes } from '../../../lib/reference-data/wastes';
import { ANY_WASTE, emptyPriceRow, overlapsAnotherRow, type PriceRow } from '../collection-area-values';

/** The area's unit prices: one row per waste and validity period, overlaps refused next to the row. */
export function CollectionAreaPriceList({ type, saving }: { type: CollectionAreaType; saving: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const wastes = useWastes(type);
  const units = useUnitMeasures();

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

  /** Start date: required, and no overlap with another row of the same waste (shared rule). */
  const validFromRules = (index: number): FormRule[] => [
    requiredRule(t),
    ({ getFieldValue }) => ({
      validator: async () => {
        const rows = (getFieldValue('prices') as PriceRow[] | undefined) ?? [];
        if (overlapsAnotherRow(rows, index)) throw new Error(messageText(t, 'period_overlap'));
      },
    }),
  ];

  /** End date: empty means until further notice; otherwise not before the start. */
  const validToRules = (index: number): FormRule[] => [
    ({ getFieldValue }) => ({
      validator: async () => {
        if (endsBeforeStart(getFieldValue(['prices', index]) as PriceRow | undefined))
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

  return (
    <Form.List name="prices">
      {(fields, { add, remove }) => (
        <Card
          size="small"
          title={t('areaPriceSetting.section.prices')}
          extra={
            <Button
              icon={<PlusOutlined />}
              onClick={() => add(emptyPriceRow())}
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
                  <Typography.Text type="secondary">{t('areaPriceSetting.field.unitPrice')}</Typography.Text>
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
                        {...dayPickerProps}
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
                        {...dayPickerProps}
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
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PackingStyle, UnitMeasure } from '@junkan/shared/api/code-masters';
import { industrialQuoteLineSchema, QUOTE_FREQUENCIES, volumeSchema } from '@junkan/shared/api/projects';
import type { WasteItem } from '@junkan/shared/api/waste';
import { parseParentPath } from '@junkan/shared/waste-tree';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../components/form/required-rule';
import { zodRule } from '../../../lib/form-errors';
import { formatMeasureUnit } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';

export const MAX_INDUSTRIAL_LINES = 30;
const line = industrialQuoteLineSchema.shape;

/** Select options for the wastes that can be chosen (the leaves), labelled 大分類 > 中分類 > 小分類. */
export function wasteOptions(wastes: readonly WasteItem[]) {
  const names = new Map(wastes.map((w) => [w.id, w.name]));
  return wastes
    .filter((w) => !w.hasChildren)
    .map((w) => {
      const ancestors = (parseParentPath(w.parentPath) ?? []).map((id) => names.get(id) ?? '');
      return { value: w.id, label: [...ancestors, w.name].filter(Boolean).join(' > '), code: w.wasteCode };
    });
}

interface Props {
  wastes: readonly WasteItem[];
  units: readonly UnitMeasure[];
  packingStyles: readonly PackingStyle[];
}

/** The waste lines of an industrial (or bulky) waste quote request: add, remove, up to 30. */
export function IndustrialLineList({ wastes, units, packingStyles }: Props) {
  const { t } = useTranslation();
  const options = useMemo(() => wasteOptions(wastes), [wastes]);
  const required = requiredRule(t);
  // The quantity shows the unit chosen beside it.
  const watched = Form.useWatch('lines', Form.useFormInstance()) as
    | ({ unitMeasureId?: number } | undefined)[]
    | undefined;
  const unitOf = (name: number) =>
    formatMeasureUnit(units.find((u) => u.id === watched?.[name]?.unitMeasureId)?.unit);

  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              type="inner"
              style={{ marginBottom: 12 }}
              title={t('industrialQuote.lineN', { n: index + 1 })}
              data-testid="waste-line"
              extra={
                fields.length > 1 && (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('industrialQuote.removeLine')}
                  >
                    {t('industrialQuote.removeLine')}
                  </Button>
                )
              }
            >
              <Row gutter={16}>
                <Col xs={24} lg={12}>
                  <Form.Item
                    name={[field.name, 'wasteId']}
                    label={t('industrialQuote.field.waste')}
                    rules={[required]}
                  >
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      options={options}
                      placeholder={t('industrialQuote.placeholder.waste')}
                      data-testid="line-waste"
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} lg={6}>
                  <Form.Item
                    name={[field.name, 'quantity']}
                    label={t('industrialQuote.field.quantity')}
                    rules={[zodRule(volumeSchema, t)]}
                    required
                  >
                    <Input
                      inputMode="decimal"
                      maxLength={10}
                      placeholder="0.00"
                      // Always a suffix, so choosing the unit does not replace the input.
                      suffix={<span>{unitOf(field.name)}</span>}
                      data-testid="line-quantity"
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} lg={6}>
                  <Form.Item
                    name={[field.name, 'unitMeasureId']}
                    label={t('industrialQuote.field.unit')}
                    rules={[required]}
                  >
                    <Select
                      options={units.map((u) => ({ value: u.id, label: formatMeasureUnit(u.unit) }))}
                      data-testid="line-unit"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={8}>
                  <Form.Item name={[field.name, 'packingStyleId']} label={t('industrialQuote.field.packing')}>
                    <Select
                      allowClear
                      options={packingStyles.map((p) => ({ value: p.id, label: p.style }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={16}>
                  <Form.Item
                    name={[field.name, 'dimensions']}
                    label={t('industrialQuote.field.dimensions')}
                    rules={[zodRule(line.dimensions, t)]}
                  >
                    <Input maxLength={64} placeholder={t('industrialQuote.placeholder.dimensions')} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item
                    name={[field.name, 'frequency']}
                    label={t('industrialQuote.field.frequency')}
                    rules={[required]}
                  >
                    <Radio.Group
                      optionType="button"
                      options={QUOTE_FREQUENCIES.map((f) => ({
                        value: f,
                        label: t(`industrialQuote.frequency.${f}`),
                      }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <FrequencyNumber name={field.name} />
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item
                    name={[field.name, 'transTime']}
                    label={t('industrialQuote.field.transTime')}
                    rules={[zodRule(line.transTime, t)]}
                  >
                    <Input maxLength={32} placeholder={t('industrialQuote.placeholder.transTime')} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item
                    name={[field.name, 'wasteDetails']}
                    label={t('industrialQuote.field.wasteDetails')}
                    rules={[zodRule(line.wasteDetails, t)]}
                  >
                    <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_INDUSTRIAL_LINES}
            onClick={() => add({ frequency: 'SPOT' })}
            data-testid="add-line"
          >
            {t('industrialQuote.addLine')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Times per week (1-7) or month (1-31); a spot collection has none. */
function FrequencyNumber({ name }: { name: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const frequency = Form.useWatch(['lines', name, 'frequency'], form) as string | undefined;
  if (!frequency || frequency === 'SPOT') return null;
  const max = frequency === 'WEEKLY' ? 7 : 31;
  return (
    <Form.Item
      name={[name, 'frequencyNumber']}
      label={t(`industrialQuote.field.frequencyNumber.${frequency}`)}
      rules={[{ required: true, type: 'number', min: 1, max, message: messageText(t, 'MSG_00_21') }]}
    >
      <InputNumber min={1} max={max} precision={0} addonAfter={t('industrialQuote.times')} />
    </Form.Item>
  );
}

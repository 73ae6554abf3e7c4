import {
  CONTRACT_FORMS,
  CONTRACT_MAX_LENGTH,
  CONTRACT_TYPES,
  type ContractDates,
  type ContractDraft,
  contractInputSchema,
  PAYMENT_TYPES,
  QUOTE_UNIT_PRICE_MAX,
} from '@junkan/shared';
import { Card, Col, DatePicker, Form, type FormRule, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { dayPickerProps, pickerItemProps } from '../../../components/form/date-field';
import { UnitPricePartInputs } from '../../../components/form/unit-price-parts';
import { YenInput } from '../../../components/form/yen-input';
import { zodRule } from '../../../lib/form-errors';
import { formatNumber, formatYen } from '../../../lib/format';
import { type ContractFormValues, lineAmount, typedContractPrice } from '../contract-form-values';
import { ContractPermitField } from './contract-permit-field';

/** The form keeps YYYY-MM-DD strings; a cleared date is ''. */
const dateItemProps = pickerItemProps('YYYY-MM-DD', '');

const shape = contractInputSchema.shape;

/** The contract form's sections: basics, unit prices, fees and the license (chosen from a permit). */
export function ContractFormFields({
  draft,
  industrial,
  prices,
  partLine,
  dateRule,
}: {
  draft: ContractDraft;
  industrial: boolean;
  prices: ContractFormValues['unitPrices'];
  /** Whether the line at an index is priced as transport plus disposal (COMBINED, industrial line). */
  partLine: (index: number) => boolean;
  dateRule: (path: keyof ContractDates) => FormRule;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('contracts.section.basics')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="contractName"
              label={t('contracts.field.contractName')}
              rules={[zodRule(shape.contractName, t)]}
              required
            >
              <Input maxLength={CONTRACT_MAX_LENGTH.contractName} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="contactPerson"
              label={t('contracts.field.contactPerson')}
              rules={[zodRule(shape.contactPerson, t)]}
              required
            >
              <Input maxLength={CONTRACT_MAX_LENGTH.contactPerson} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="startDate"
              label={t('contracts.field.startDate')}
              rules={[zodRule(shape.startDate, t), dateRule('startDate')]}
              required
              {...dateItemProps}
            >
              <DatePicker {...dayPickerProps} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="endDate"
              label={t('contracts.field.endDate')}
              dependencies={['startDate']}
              rules={[zodRule(shape.endDate, t), dateRule('endDate')]}
              required
              {...dateItemProps}
            >
              <DatePicker {...dayPickerProps} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="contractType" label={t('contracts.field.contractType')} required>
              <Radio.Group
                options={CONTRACT_TYPES.map((v) => ({ value: v, label: t(`contracts.type.${v}`) }))}
              />
            </Form.Item>
          </Col>
          {industrial && (
            <Col xs={24} lg={12}>
              <Form.Item name="contractForm" label={t('contracts.field.contractForm')} required>
                <Radio.Group
                  options={CONTRACT_FORMS.map((v) => ({ value: v, label: t(`contracts.form.${v}`) }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} lg={12}>
            <Form.Item name="paymentMethod" label={t('contracts.field.paymentMethod')} required>
              <Radio.Group
                options={PAYMENT_TYPES.map((v) => ({ value: v, label: t(`contracts.payment.${v}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('contracts.section.unitPrices')} size="small" style={{ marginBottom: 16 }}>
        <DataTable
          editable
          size="small"
          rowKey="wasteLineId"
          pagination={false}
          dataSource={draft.unitPrices}
          scroll={{ x: 720 }}
          data-testid="contract-unit-prices"
          columns={[
            { key: 'waste', title: t('contracts.column.waste'), dataIndex: 'wasteName' },
            {
              key: 'quantity',
              title: t('contracts.column.quantity'),
              align: 'right',
              width: 120,
              render: (_, l) =>
                l.quantity === null ? '—' : formatNumber(l.quantity, Number.isInteger(l.quantity) ? 0 : 2),
            },
            { key: 'unit', title: t('contracts.column.unit'), width: 90, render: (_, l) => l.unit ?? '—' },
            {
              key: 'unitPrice',
              title: t('contracts.column.unitPrice'),
              width: 240,
              render: (_, l, i) =>
                partLine(i) ? (
                  <UnitPricePartInputs
                    name={['unitPrices', i]}
                    wasteName={l.wasteName}
                    listed={{ transport: l.transportUnitPrice, disposal: l.disposalUnitPrice }}
                    sum={typedContractPrice(prices[i], true)}
                  />
                ) : (
                  <Form.Item
                    name={['unitPrices', i, 'unitPrice']}
                    style={{ margin: 0 }}
                    rules={[zodRule(shape.unitPrices.element.shape.unitPrice, t)]}
                  >
                    <YenInput
                      max={QUOTE_UNIT_PRICE_MAX}
                      aria-label={`${l.wasteName} ${t('contracts.column.unitPrice')}`}
                    />
                  </Form.Item>
                ),
            },
            {
              key: 'amount',
              title: t('contracts.column.amount'),
              align: 'right',
              width: 140,
              render: (_, l, i) => {
                const amount = lineAmount(typedContractPrice(prices[i], partLine(i)), l.quantity);
                return amount === null ? '—' : formatYen(amount);
              },
            },
          ]}
        />
      </Card>

      <Card title={t('contracts.section.fees')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {industrial && (
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="manifestFee"
                label={t('contracts.field.manifestFee')}
                rules={[zodRule(shape.manifestFee, t)]}
                required
              >
                <YenInput max={99_999_999} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="preparationFee"
              label={t('contracts.field.preparationFee')}
              rules={[zodRule(shape.preparationFee, t)]}
              required
            >
              <YenInput max={99_999_999} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <ContractPermitField />
    </>
  );
}

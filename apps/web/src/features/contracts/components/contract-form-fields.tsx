import { CONTRACT_MAX_LENGTH, type ContractDraft, contractInputSchema } from '@junkan/shared/api/contracts';
import type { ProjectQuote } from '@junkan/shared/api/projects';
import type { LineComparison } from '@junkan/shared/contract-quote-diff';
import { CONTRACT_FORMS, type ContractDates } from '@junkan/shared/contract-rules';
import { CONTRACT_TYPES, PAYMENT_TYPES } from '@junkan/shared/enums';
import { QUOTE_UNIT_PRICE_MAX } from '@junkan/shared/quote-amount';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormRule,
  Input,
  Radio,
  Row,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { dayPickerProps, pickerItemProps } from '../../../components/form/date-field';
import { UnitPricePartInputs } from '../../../components/form/unit-price-parts';
import { YenInput } from '../../../components/form/yen-input';
import { zodRule } from '../../../lib/form-errors';
import { formatNumber, formatYen } from '../../../lib/format';
import { type ContractFormValues, lineAmount, typedContractPrice } from '../contract-form-values';
import { compareWithAcceptedQuote } from '../contract-quote-comparison';
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
  quote,
}: {
  draft: ContractDraft;
  industrial: boolean;
  prices: ContractFormValues['unitPrices'];
  /** Whether the line at an index is priced as transport plus disposal (COMBINED, industrial line). */
  partLine: (index: number) => boolean;
  dateRule: (path: keyof ContractDates) => FormRule;
  /** The project's quote: once accepted, each price shows the quoted one beneath, flagged when it differs. */
  quote?: ProjectQuote | null;
}) {
  const { t } = useTranslation();
  // The prices as typed against the quote (a line still empty counts as quoted).
  const comparison = compareWithAcceptedQuote(
    {
      unitPrices: draft.unitPrices.map((l, i) => {
        const typed = typedContractPrice(prices[i], partLine(i));
        const quoted = quote?.lines.find((q) => q.wasteLineId === l.wasteLineId);
        if (typed === null && quoted) return { ...quoted, unit: l.unit };
        return {
          ...l,
          unitPrice: typed ?? l.unitPrice,
          transportUnitPrice: partLine(i) ? (prices[i]?.transportUnitPrice ?? null) : null,
          disposalUnitPrice: partLine(i) ? (prices[i]?.disposalUnitPrice ?? null) : null,
        };
      }),
    },
    quote,
  );
  const compared = (wasteLineId: number) =>
    comparison?.lines.find((c) => c.wasteLineId === wasteLineId && c.contract);
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
        {comparison && comparison.differenceCount > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            message={t('contracts.quoteDiff.summary', { count: comparison.differenceCount })}
            data-testid="contract-quote-diff"
          />
        )}
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
              render: (_, l, i) => (
                <Flex vertical gap={2}>
                  {partLine(i) ? (
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
                  )}
                  <QuotedPriceNote line={compared(l.wasteLineId)} />
                </Flex>
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

/** "見積 ￥1,500" under a price: flagged when the typed price differs from the accepted quote's. */
function QuotedPriceNote({ line }: { line: LineComparison | undefined }) {
  const { t } = useTranslation();
  if (!line?.quote) return null;
  const text = t('contracts.quoteDiff.quotedNote', { price: formatYen(line.quote.unitPrice) });
  return line.isDifferent ? (
    <Flex gap={4} align="center" wrap data-testid="quoted-price-changed">
      <Typography.Text mark>{text}</Typography.Text>
      <Tag color="orange">{t('contracts.quoteDiff.changed')}</Tag>
    </Flex>
  ) : (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
}

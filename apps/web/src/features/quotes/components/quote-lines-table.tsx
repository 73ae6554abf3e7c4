import { QUOTE_UNIT_PRICE_MAX } from '@junkan/shared/quote-amount';
import type { PriceUnit } from '@junkan/shared/quote-pricing';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { requiredRule } from '../../../components/form/required-rule';
import { UnitPricePartInputs } from '../../../components/form/unit-price-parts';
import { YenInput } from '../../../components/form/yen-input';
import { formatPriceUnit, formatYen, unitPriceSuffix } from '../../../lib/format';
import {
  pricingOptions,
  type QuoteLineValues,
  type RequestLine,
  type SuggestedLine,
  typedUnitPrice,
} from '../create-quote-values';

/**
 * The request's waste lines as the quote prices them: a regular line's basis, the unit price (or its transport
 * and disposal parts) with the suggestion, the quantity and the line's amount. The fields are the quote form's.
 */
export function QuoteLinesTable({
  lines,
  suggested,
  typedLines,
  amounts,
  isParts,
  priceUnit,
  onPricingChange,
}: {
  lines: RequestLine[];
  suggested: ReadonlyMap<number, SuggestedLine>;
  /** The lines' values as typed so far. */
  typedLines: QuoteLineValues[];
  amounts: readonly number[];
  isParts: (i: number) => boolean;
  priceUnit: (i: number) => PriceUnit;
  onPricingChange: (i: number, pricing: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <DataTable
      editable
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={lines}
      scroll={{ x: 760 }}
      data-testid="quote-lines"
      columns={[
        {
          key: 'waste',
          title: t('quotes.column.waste'),
          render: (_, l, i) => {
            const options = pricingOptions(l, t);
            return (
              <>
                <Typography.Text strong>{l.wasteName}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">{l.summary}</Typography.Text>
                </div>
                {options.length > 0 && (
                  <Form.Item
                    name={['lines', i, 'pricing']}
                    label={t('quotes.pricing')}
                    style={{ margin: '4px 0 0' }}
                  >
                    <Select
                      aria-label={`${l.wasteName} ${t('quotes.pricing')}`}
                      data-testid={`quote-pricing-${i}`}
                      options={options}
                      style={{ minWidth: 180 }}
                      onChange={(v: string) => onPricingChange(i, v)}
                    />
                  </Form.Item>
                )}
              </>
            );
          },
        },
        {
          key: 'unitPrice',
          title: t('quotes.column.unitPrice'),
          width: 260,
          render: (_, l, i) =>
            isParts(i) ? (
              <UnitPricePartInputs
                name={['lines', i]}
                wasteName={l.wasteName}
                listed={{
                  transport: suggested.get(l.id)?.unitPrice,
                  disposal: suggested.get(l.id)?.disposalUnitPrice,
                }}
                sum={typedUnitPrice(typedLines[i], true)}
                suffix={unitPriceSuffix(priceUnit(i), t)}
              />
            ) : (
              <Form.Item
                name={['lines', i, 'unitPrice']}
                style={{ margin: 0 }}
                rules={[requiredRule(t)]}
                extra={suggested.get(l.id)?.unitPrice == null ? t('quotes.noSuggestedPrice') : undefined}
              >
                <YenInput
                  aria-label={`${l.wasteName} ${t('quotes.column.unitPrice')}`}
                  max={QUOTE_UNIT_PRICE_MAX}
                  prefix={null}
                  suffix={unitPriceSuffix(priceUnit(i), t)}
                />
              </Form.Item>
            ),
        },
        {
          key: 'quantity',
          title: t('quotes.column.quantity'),
          width: 160,
          render: (_, l, i) => (
            <Form.Item name={['lines', i, 'quantity']} style={{ margin: 0 }} rules={[requiredRule(t)]}>
              <Input
                aria-label={`${l.wasteName} ${t('quotes.column.quantity')}`}
                suffix={formatPriceUnit(priceUnit(i), t)}
                inputMode="decimal"
              />
            </Form.Item>
          ),
        },
        {
          key: 'amount',
          title: t('quotes.column.amount'),
          align: 'right',
          width: 140,
          render: (_, _l, i) => formatYen(amounts[i] ?? 0),
        },
      ]}
    />
  );
}

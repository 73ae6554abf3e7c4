import { QUOTE_UNIT_PRICE_MAX } from '@junkan/shared/quote-amount';
import type { PriceUnit } from '@junkan/shared/quote-pricing';
import {
  UNIT_PRICE_PART_FIELDS,
  UNIT_PRICE_PARTS,
  type UnitPricePart,
} from '@junkan/shared/rules/combined-unit-price';
import { Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUnitPrice, formatYen } from '../../lib/format';
import { messageText } from '../../lib/i18n';
import { requiredRule } from './required-rule';
import { YenInput } from './yen-input';

type Listed = Partial<Record<UnitPricePart, number | null | undefined>>;

/**
 * The transport and disposal parts of a line priced for transport and disposal together, one yen input each
 * under `name` (`[..., 'transportUnitPrice']`). A part the price lists lack (`listed[part]` null) is flagged
 * beside its input, as the server refuses it (unit_price_cannot_be_confirmed).
 */
export function UnitPricePartInputs({
  name,
  wasteName,
  listed,
  sum,
  suffix,
}: {
  name: (string | number)[];
  wasteName: string;
  listed?: Listed;
  /** The parts' sum as typed (null while one is empty), shown beneath. */
  sum: number | null;
  /** The price's unit after each input (円/kg), which then has no ￥ sign before it. */
  suffix?: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      {UNIT_PRICE_PARTS.map((part) => {
        const missing = listed !== undefined && listed[part] == null;
        return (
          <Flex key={part} gap={6} align="start">
            <Typography.Text style={{ lineHeight: '32px', whiteSpace: 'nowrap' }}>
              {t(`unitPriceParts.${part}`)}
            </Typography.Text>
            <Form.Item
              name={[...name, UNIT_PRICE_PART_FIELDS[part]]}
              style={{ margin: 0, flex: 1 }}
              rules={
                missing
                  ? [
                      {
                        validator: () =>
                          Promise.reject(new Error(messageText(t, 'unit_price_cannot_be_confirmed'))),
                      },
                    ]
                  : [requiredRule(t)]
              }
              extra={
                missing ? (
                  <Typography.Text type="warning" data-testid={`price-part-missing-${part}`}>
                    {t(`unitPriceParts.missing.${part}`)}
                  </Typography.Text>
                ) : undefined
              }
            >
              <YenInput
                aria-label={`${wasteName} ${t(`unitPriceParts.${part}Label`)}`}
                max={QUOTE_UNIT_PRICE_MAX}
                {...(suffix ? { prefix: null, suffix } : {})}
              />
            </Form.Item>
          </Flex>
        );
      })}
      <Typography.Text strong data-testid="part-sum">
        {formatYen(sum ?? 0)}
      </Typography.Text>
    </Flex>
  );
}

/** "運搬 ￥12,000 ＋ 処分 ￥16,000" under a unit price made of both parts; nothing when it has none. */
export function UnitPricePartsText({
  transportUnitPrice,
  disposalUnitPrice,
}: {
  transportUnitPrice: number | null | undefined;
  disposalUnitPrice: number | null | undefined;
}) {
  const { t } = useTranslation();
  if (transportUnitPrice == null || disposalUnitPrice == null) return null;
  return (
    <Typography.Text
      type="secondary"
      style={{ fontSize: 12, whiteSpace: 'nowrap' }}
      data-testid="price-parts"
    >
      {t('unitPriceParts.breakdown', {
        transport: formatYen(transportUnitPrice),
        disposal: formatYen(disposalUnitPrice),
      })}
    </Typography.Text>
  );
}

/**
 * A unit price as shown on a quote or contract (with its unit when given: ￥1,200/kg), with its transport and
 * disposal parts beneath when it has them.
 */
export function UnitPriceWithParts({
  unitPrice,
  transportUnitPrice,
  disposalUnitPrice,
  priceUnit,
}: {
  unitPrice: number;
  transportUnitPrice: number | null;
  disposalUnitPrice: number | null;
  priceUnit?: PriceUnit;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="end">
      {priceUnit ? formatUnitPrice(unitPrice, priceUnit, t) : formatYen(unitPrice)}
      <UnitPricePartsText transportUnitPrice={transportUnitPrice} disposalUnitPrice={disposalUnitPrice} />
    </Flex>
  );
}

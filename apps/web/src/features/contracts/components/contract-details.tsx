import type { Contract } from '@junkan/shared/api/contracts';
import type { ProjectQuote } from '@junkan/shared/api/projects';
import type { LineComparison, PricedLine } from '@junkan/shared/contract-quote-diff';
import type { ProjectType } from '@junkan/shared/enums';
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { UnitPriceWithParts } from '../../../components/form/unit-price-parts';
import { KeptUntilValue } from '../../../components/kept-until';
import { formatDate, formatEraDate, formatYen, punctuationOf } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { compareWithAcceptedQuote } from '../contract-quote-comparison';
import { ContractStatusTag } from './contract-status-tag';

/** "2026/04/01（令和8年） 〜 2027/03/31（令和9年）"; English without the era, with its own dash. */
export const formatPeriod = (startDate: string, endDate: string, language: string, separator = ' ') =>
  `${formatEraDate(startDate, language)} ${punctuationOf(language).range}${separator}${formatEraDate(endDate, language)}`;

/** The auto-renewal decision's text; only auto-renewing contracts have one. */
export function useRenewalText() {
  const { t } = useTranslation();
  return (contract: Pick<Contract, 'contractType' | 'renewal'>) =>
    contract.contractType !== 'AUTO_UPDATE' ? '—' : t(`contracts.renewal.${contract.renewal ?? 'UNDECIDED'}`);
}

/** The contract's whole content, read-only: what the discharger confirms. */
export function ContractDetails({
  contract,
  projectType,
  quote,
}: {
  contract: Contract;
  projectType: ProjectType;
  /** The project's quote: once accepted, the contract's prices are shown beside it, differences highlighted. */
  quote?: ProjectQuote | null;
}) {
  const { t, i18n } = useTranslation();
  const renewalText = useRenewalText();
  const industrial = projectType === 'INDUSTRIAL';
  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered
        style={{ marginBottom: 16 }}
        data-testid="contract-details"
      >
        <Descriptions.Item label={t('contracts.field.contractName')} span={2}>
          {contract.contractName}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.status')}>
          <ContractStatusTag status={contract.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.period')}>
          {formatPeriod(contract.startDate, contract.endDate, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.contractType')}>
          {t(`contracts.type.${contract.contractType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.renewal')}>{renewalText(contract)}</Descriptions.Item>
        {industrial && (
          <Descriptions.Item label={t('contracts.field.contractForm')} span={2}>
            {t(`contracts.form.${contract.contractForm}`)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('contracts.field.paymentMethod')}>
          {t(`contracts.payment.${contract.paymentMethod}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.contactPerson')}>
          {contract.contactPerson}
        </Descriptions.Item>
        {industrial && (
          <Descriptions.Item label={t('contracts.field.manifestFee')}>
            {formatYen(contract.manifestFee)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('contracts.field.preparationFee')}>
          {formatYen(contract.preparationFee)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.licenseNumber')}>
          {contract.licenseNumber}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.licenseDistrict')}>
          {contract.licenseDistrict}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.field.licenseExpireDate')}>
          {formatEraDate(contract.licenseExpireDate, i18n.language)}
        </Descriptions.Item>
        {contract.permit && (
          <Descriptions.Item label={t('contracts.field.permitWasteKinds')}>
            {contract.permit.wasteKinds.map((k) => k.name).join(currentPunctuation().list)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('contracts.field.sentDate')}>
          {contract.sentDate ? formatDate(contract.sentDate) : '—'}
        </Descriptions.Item>
        {contract.approvedDate && (
          <Descriptions.Item label={t('contracts.field.approvedDate')}>
            {formatDate(contract.approvedDate)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('common.keptUntilLabel')}>
          <KeptUntilValue t={t} keptUntil={contract.keptUntil} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('contracts.section.unitPrices')}</Typography.Title>
      <ContractUnitPrices contract={contract} quote={quote} />
    </>
  );
}

/** A differing value's highlight: the same yellow as a text marker. */
const HIGHLIGHT = { background: '#fff1b8', borderRadius: 4, padding: '0 4px' };

function PriceCell({ line, highlighted }: { line: PricedLine | null; highlighted: boolean }) {
  if (!line) return <Typography.Text type="secondary">—</Typography.Text>;
  const price = <UnitPriceWithParts {...line} />;
  return highlighted ? (
    <span style={HIGHLIGHT} data-testid="price-highlighted">
      {price}
    </span>
  ) : (
    price
  );
}

/**
 * The contract's unit prices; with an accepted quote, each beside the quoted one, a line that differs (or is in
 * one of them only) highlighted, and how many differ said first.
 */
function ContractUnitPrices({ contract, quote }: { contract: Contract; quote?: ProjectQuote | null }) {
  const { t } = useTranslation();
  const comparison = compareWithAcceptedQuote(contract, quote);
  const rows: LineComparison[] =
    comparison?.lines ??
    contract.unitPrices.map((l) => ({ ...l, quote: null, contract: l, changed: [], isDifferent: false }));
  const lineTag = (l: LineComparison) => {
    if (!comparison || !l.isDifferent) return null;
    const key = !l.quote ? 'onlyInContract' : !l.contract ? 'onlyInQuote' : 'changed';
    return <Tag color="orange">{t(`contracts.quoteDiff.${key}`)}</Tag>;
  };
  return (
    <>
      {comparison &&
        (comparison.differenceCount > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            message={t('contracts.quoteDiff.summary', { count: comparison.differenceCount })}
            description={t('contracts.quoteDiff.hint')}
            data-testid="contract-quote-diff"
          />
        ) : (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 8 }}
            message={t('contracts.quoteDiff.same')}
            data-testid="contract-quote-diff"
          />
        ))}
      <DataTable
        size="small"
        rowKey={(l) => `${l.wasteLineId}-${l.contract ? 'c' : 'q'}`}
        pagination={false}
        dataSource={rows}
        scroll={{ x: comparison ? 640 : 480 }}
        data-testid="contract-unit-prices"
        onRow={(l) =>
          ({ 'data-different': l.isDifferent ? 'true' : undefined }) as HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            key: 'waste',
            title: t('contracts.column.waste'),
            render: (_, l) => (
              <Flex gap={6} wrap align="center">
                {l.wasteName}
                {lineTag(l)}
              </Flex>
            ),
          },
          {
            key: 'unit',
            title: t('contracts.column.unit'),
            width: 100,
            render: (_, l) => l.unit ?? '—',
          },
          ...(comparison
            ? [
                {
                  key: 'quoted',
                  title: t('contracts.quoteDiff.quoted'),
                  align: 'right' as const,
                  width: 180,
                  render: (_: unknown, l: LineComparison) => <PriceCell line={l.quote} highlighted={false} />,
                },
              ]
            : []),
          {
            key: 'unitPrice',
            title: comparison ? t('contracts.quoteDiff.contracted') : t('contracts.column.unitPrice'),
            align: 'right',
            width: 180,
            render: (_, l) => <PriceCell line={l.contract} highlighted={l.isDifferent} />,
          },
        ]}
      />
    </>
  );
}

import type { Contract, ProjectType } from '@junkan/shared';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { UnitPriceWithParts } from '../../../components/form/unit-price-parts';
import { formatDate, formatYen, PUNCTUATION, type Punctuation, punctuationOf } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { ContractStatusTag } from './contract-status-tag';

/** "2026/04/01 〜 2027/03/31" ("2026/04/01 – 2027/03/31" in English). */
export const formatPeriod = (startDate: string, endDate: string, p: Punctuation = PUNCTUATION.ja) =>
  `${formatDate(startDate)} ${p.range} ${formatDate(endDate)}`;

/** The auto-renewal decision's text; only auto-renewing contracts have one. */
export function useRenewalText() {
  const { t } = useTranslation();
  return (contract: Pick<Contract, 'contractType' | 'renewal'>) =>
    contract.contractType !== 'AUTO_UPDATE' ? '—' : t(`contracts.renewal.${contract.renewal ?? 'UNDECIDED'}`);
}

/** The contract's whole content, read-only: what the discharger confirms. */
export function ContractDetails({ contract, projectType }: { contract: Contract; projectType: ProjectType }) {
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
          {formatPeriod(contract.startDate, contract.endDate, punctuationOf(i18n.language))}
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
          {formatDate(contract.licenseExpireDate)}
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
      </Descriptions>
      <Typography.Title level={5}>{t('contracts.section.unitPrices')}</Typography.Title>
      <DataTable
        size="small"
        rowKey="wasteLineId"
        pagination={false}
        dataSource={contract.unitPrices}
        scroll={{ x: 480 }}
        data-testid="contract-unit-prices"
        columns={[
          { key: 'waste', title: t('contracts.column.waste'), dataIndex: 'wasteName' },
          {
            key: 'unit',
            title: t('contracts.column.unit'),
            width: 120,
            render: (_, l) => l.unit ?? '—',
          },
          {
            key: 'unitPrice',
            title: t('contracts.column.unitPrice'),
            align: 'right',
            width: 180,
            render: (_, l) => <UnitPriceWithParts {...l} />,
          },
        ]}
      />
    </>
  );
}

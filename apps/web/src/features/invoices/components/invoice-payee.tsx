import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';

type Payee = InvoiceDetail['payeeAccounts'][number];

/**
 * 振込先 of a bank-transfer invoice, for both parties: the transporter's accounts as this version recorded them
 * (the ones its PDF prints, when the system made it).
 */
export function InvoicePayee({ accounts }: { accounts: InvoiceDetail['payeeAccounts'] }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('invoices.detail.payee')}
      style={{ marginBottom: 16 }}
      data-testid="invoice-payee"
    >
      {accounts.length === 0 ? (
        <Empty description={t('invoices.detail.payeeNone')} />
      ) : (
        <DataTable<Payee>
          rowKey={(a) => `${a.bankCode}-${a.branchCode}-${a.accountNumber}`}
          size="small"
          pagination={false}
          scroll={{ x: 640 }}
          dataSource={accounts}
          columns={[
            {
              key: 'bank',
              title: t('invoices.detail.bank'),
              render: (_, a) => `${a.bankName}（${a.bankCode}）`,
            },
            {
              key: 'branch',
              title: t('invoices.detail.branch'),
              render: (_, a) => `${a.branchName}（${a.branchCode}）`,
            },
            {
              key: 'type',
              title: t('invoices.detail.accountType'),
              width: 80,
              render: (_, a) => t(`accountUpdate.bankAccounts.type.${a.accountType}`),
            },
            {
              key: 'number',
              title: t('invoices.detail.accountNumber'),
              width: 110,
              dataIndex: 'accountNumber',
            },
            { key: 'holder', title: t('invoices.detail.holderName'), dataIndex: 'holderName' },
          ]}
        />
      )}
    </Card>
  );
}

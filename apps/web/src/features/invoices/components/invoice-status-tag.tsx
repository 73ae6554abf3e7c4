import type { InvoiceStatus } from '@junkan/shared/invoice-rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatus, string> = { UNCLAIMED: 'default', BILLED: 'blue', PAID: 'green' };

/** 未請求 / 請求済 / 支払済, and beside it a red 支払期限超過 tag when the invoice is overdue. */
export function InvoiceStatusTag({ status, overdue = false }: { status: InvoiceStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={COLORS[status]} data-testid="invoice-status">
        {t(`invoices.status.${status}`)}
      </Tag>
      {overdue && (
        <Tag color="red" data-testid="invoice-overdue">
          {t('invoices.overdueLabel')}
        </Tag>
      )}
    </>
  );
}

import type { InvoiceDetail } from '@junkan/shared';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../lib/format';

/**
 * The discharger's card payment area of a billed CREDIT_CARD invoice (shown when its actions hold PAY_BY_CARD).
 * A placeholder: the card payment feature fills it with the provider's form and calls the server, which records
 * the payment through `recordInvoicePaid`.
 */
export function InvoicePaymentPanel({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('invoices.payment.title')}
      style={{ marginBottom: 16 }}
      data-testid="invoice-payment-panel"
    >
      <Typography.Paragraph>
        {t('invoices.field.amount')}: {formatYen(invoice.amount)}
      </Typography.Paragraph>
      <Button type="primary" disabled autoInsertSpace={false}>
        {t('invoices.payment.pay')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('invoices.payment.notReady')}
      </Typography.Paragraph>
    </Card>
  );
}

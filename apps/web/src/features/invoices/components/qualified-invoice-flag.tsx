import type { QualifiedInvoiceFlag as QualifiedInvoiceFlagData } from '@junkan/shared/api/qualified-invoices';
import { paths } from '@junkan/shared/paths';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BANK_ACCOUNTS_ANCHOR,
  INVOICE_REGISTRATION_NUMBER_ANCHOR,
} from '../../../components/account-form/account-info-form';
import { flagMessage, flagSeverity } from './qualified-invoice-builder-values';

/** One of the draft's flags, with where to fix it: the account's registration number or bank accounts, the invoice. */
export function QualifiedInvoiceFlag({ flag }: { flag: QualifiedInvoiceFlagData }) {
  const { t } = useTranslation();
  const { key, values } = flagMessage(flag);
  return (
    <Alert
      type={flagSeverity(flag)}
      showIcon
      message={t(key, values)}
      action={
        flag.code === 'REGISTRATION_NUMBER_MISSING' ? (
          <Link to={`${paths.accountTrans.to()}#${INVOICE_REGISTRATION_NUMBER_ANCHOR}`}>
            {t('qualifiedInvoice.openAccount')}
          </Link>
        ) : flag.code === 'BANK_ACCOUNT_MISSING' ? (
          <Link to={`${paths.accountTrans.to()}#${BANK_ACCOUNTS_ANCHOR}`}>
            {t('qualifiedInvoice.openBankAccounts')}
          </Link>
        ) : flag.code === 'MONTH_ALREADY_BILLED' ? (
          <Link to={paths.invoiceDetail.to(flag.invoiceId)}>{t('qualifiedInvoice.openInvoice')}</Link>
        ) : undefined
      }
      data-testid={`flag-${flag.code}`}
    />
  );
}

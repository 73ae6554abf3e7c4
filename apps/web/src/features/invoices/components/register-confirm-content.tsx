import type { BilledMonthConflict } from '@junkan/shared/invoice-rules';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentPunctuation } from '../../../lib/i18n';
import { BilledMonthWarning } from './invoice-upload-block';

/**
 * What the register confirmation says: how many invoices are registered and, when their months are billed
 * already, which (confirming registers them as confirmed).
 */
export function RegisterConfirmContent({
  count,
  warnings,
}: {
  count: number;
  warnings: readonly BilledMonthConflict[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('invoices.form.confirmContent', { count })}</p>
      {warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('invoices.form.monthConfirm')}
          description={warnings.map((c) => (
            <div key={c.index}>
              {count > 1 && `${t('invoices.form.block', { n: c.index + 1 })}${currentPunctuation().colon}`}
              <BilledMonthWarning conflict={c} />
            </div>
          ))}
          data-testid="invoice-month-confirm"
        />
      )}
    </>
  );
}

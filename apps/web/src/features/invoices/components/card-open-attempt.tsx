import type { CardPaymentAttempt } from '@junkan/shared/api/card-payments';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatYen } from '../../../lib/format';

/**
 * A card payment attempt the discharger left open: 3-D Secure not answered (resume the same challenge, or cancel it
 * and pay again), or an answer the provider never gave (ask again). What is offered is the attempt's `actions`.
 */
export function CardOpenAttempt({
  attempt,
  onResume,
  onStartOver,
}: {
  attempt: CardPaymentAttempt;
  onResume: (attemptId: number) => void;
  onStartOver: (attemptId: number) => void;
}) {
  const { t } = useTranslation();
  const secure = attempt.status === 'REQUIRES_ACTION';
  const values = { time: formatDateTime(attempt.createdAt), amount: formatYen(attempt.amount) };
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="card-open-attempt"
      message={t(secure ? 'invoices.payment.openTitle' : 'invoices.payment.pendingTitle')}
      description={
        <Flex vertical gap={12}>
          <span>{t(secure ? 'invoices.payment.openLead' : 'invoices.payment.pendingLead', values)}</span>
          <Flex gap={8} wrap>
            {attempt.actions.includes('RESUME') && (
              <Button
                type="primary"
                onClick={() => onResume(attempt.id)}
                autoInsertSpace={false}
                data-testid="card-resume"
              >
                {t(secure ? 'invoices.payment.resume' : 'invoices.payment.check')}
              </Button>
            )}
            {attempt.actions.includes('CANCEL') && (
              <Button
                onClick={() => onStartOver(attempt.id)}
                autoInsertSpace={false}
                data-testid="card-start-over"
              >
                {t('invoices.payment.startOver')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    />
  );
}

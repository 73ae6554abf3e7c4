import { CreditCardOutlined } from '@ant-design/icons';
import type { CardPaymentResult } from '@junkan/shared/api/card-payments';
import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { cardDeclineMessage } from '@junkan/shared/card-payments';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { formatYen } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import {
  cancelCardPayment,
  cardFormUrl,
  cardReturnOf,
  clearCardReturn,
  confirmCardPayment,
  keepCardPaymentAttempt,
  openCardPaymentOf,
  resumeCardPayment,
  startCardPayment,
  useCardPayments,
} from '../api/card-payments';
import { refreshOnConflict } from '../api/invoice-detail';
import { INVOICES_KEY } from '../api/keys';
import { CardOpenAttempt } from './card-open-attempt';

type PanelState =
  | { kind: 'idle' }
  | { kind: 'working'; text: string }
  | { kind: 'paid' }
  | { kind: 'declined'; code: string }
  | { kind: 'cancelled' }
  | { kind: 'attemptCancelled' }
  /** Paid meanwhile (another tab, another payment): nothing more to pay here. */
  | { kind: 'alreadyPaid' }
  | { kind: 'refunded' }
  | { kind: 'error'; code: string; retry?: () => void };

/**
 * The discharger's card payment of a billed CREDIT_CARD invoice. "Pay by card" sends the browser to the card
 * provider's form (the card number never reaches junkan); the provider returns here with a one-time token, which is
 * sent with an attempt key kept for that token (a reload never pays twice); 3-D Secure sends the browser to the
 * card issuer's page and back here with the payment id, which settles the payment. An attempt left open (the
 * browser left 3-D Secure) is shown with its actions: resume it, or cancel it and start again with the card form.
 */
export function InvoicePaymentPanel({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<PanelState>({ kind: 'idle' });
  const userId = useSession().claims?.userId;
  const handled = useRef(false);
  const lang = i18n.language.startsWith('en') ? 'en' : 'ja';
  const payable = invoice.status === 'BILLED' && invoice.actions.includes('PAY_BY_CARD');
  const open = openCardPaymentOf(useCardPayments(invoice.id, payable).data);

  const show = (result: CardPaymentResult) => {
    keepCardPaymentAttempt(queryClient, invoice.id, result.attempt);
    if (result.outcome === 'REQUIRES_ACTION' && result.actionUrl) {
      setState({ kind: 'working', text: t('invoices.payment.toSecure') });
      window.location.assign(result.actionUrl);
      return;
    }
    if (result.outcome === 'PAID') setState({ kind: 'paid' });
    else if (result.outcome === 'CANCELLED') setState({ kind: 'attemptCancelled' });
    // Captured after the invoice was paid otherwise or corrected: the charge was given back.
    else if (result.outcome === 'REFUNDED') setState({ kind: 'refunded' });
    else if (result.outcome === 'DECLINED')
      setState({
        kind: 'declined',
        code: result.declineCode ? cardDeclineMessage(result.declineCode) : 'card_token_invalid',
      });
    else setState({ kind: 'working', text: t('invoices.payment.pending') });
    void queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
  };
  const fail = (error: unknown, retry?: () => void) => {
    // The invoice changed meanwhile (paid in another tab): read it again, so the page shows it as it now is.
    refreshOnConflict(queryClient, error);
    if (isApiError(error) && error.code === 'invoice_already_paid') setState({ kind: 'alreadyPaid' });
    else setState({ kind: 'error', code: isApiError(error) ? error.code : 'unknown_error', retry });
  };

  // Back from the provider: finish what its address says, once, and take the values out of the address.
  useEffect(() => {
    if (handled.current) return;
    const back = cardReturnOf(params);
    if (!back) return;
    handled.current = true;
    setParams(clearCardReturn(params), { replace: true });
    if (back.kind === 'cancelled') {
      setState({ kind: 'cancelled' });
      return;
    }
    const run =
      back.kind === 'token'
        ? () => startCardPayment(invoice.id, back.token, lang, userId)
        : () => confirmCardPayment(invoice.id, back.paymentId);
    const attempt = () => {
      setState({ kind: 'working', text: t('invoices.payment.working') });
      run().then(show, (error) => fail(error, attempt));
    };
    attempt();
  });

  const openForm = async () => {
    setState({ kind: 'working', text: t('invoices.payment.toForm') });
    try {
      window.location.assign(await cardFormUrl(invoice.id, lang));
    } catch (error) {
      fail(error);
    }
  };

  // Back to the attempt left open: the same challenge (or its settled end).
  const resume = (attemptId: number) => {
    setState({ kind: 'working', text: t('invoices.payment.working') });
    resumeCardPayment(invoice.id, attemptId).then(show, (error) => fail(error, () => resume(attemptId)));
  };
  // Cancel it at the provider, then the card form for a fresh attempt; answered meanwhile, it is paid instead.
  const startOver = (attemptId: number) => {
    setState({ kind: 'working', text: t('invoices.payment.cancelling') });
    cancelCardPayment(invoice.id, attemptId).then(
      (result) => {
        if (result.outcome !== 'CANCELLED') return show(result);
        keepCardPaymentAttempt(queryClient, invoice.id, result.attempt);
        void openForm();
      },
      (error) => fail(error, () => startOver(attemptId)),
    );
  };

  const isSettled = state.kind === 'paid' || state.kind === 'alreadyPaid';
  // A refund is told whether or not the invoice can still be paid (corrected: it can, and its button shows).
  if (!payable && !isSettled && state.kind !== 'working' && state.kind !== 'refunded') return null;
  return (
    <Card
      size="small"
      title={t('invoices.payment.title')}
      style={{ marginBottom: 16 }}
      data-testid="invoice-payment-panel"
    >
      {state.kind === 'paid' && (
        <Alert type="success" showIcon message={t('invoices.payment.paid')} data-testid="card-paid" />
      )}
      {state.kind === 'alreadyPaid' && (
        <Alert type="info" showIcon message={t('invoice_already_paid')} data-testid="card-already-paid" />
      )}
      {state.kind === 'refunded' && (
        <Alert
          type="warning"
          showIcon
          message={t('invoices.payment.refunded')}
          data-testid="card-refunded"
          style={{ marginBottom: 12 }}
        />
      )}
      {state.kind === 'declined' && (
        <Alert
          type="error"
          showIcon
          message={t('invoices.payment.declined')}
          description={t(state.code)}
          data-testid="card-declined"
          style={{ marginBottom: 12 }}
        />
      )}
      {state.kind === 'cancelled' && (
        <Alert type="info" showIcon message={t('invoices.payment.cancelled')} style={{ marginBottom: 12 }} />
      )}
      {state.kind === 'attemptCancelled' && (
        <Alert
          type="info"
          showIcon
          message={t('invoices.payment.attemptCancelled')}
          data-testid="card-attempt-cancelled"
          style={{ marginBottom: 12 }}
        />
      )}
      {state.kind === 'error' && (
        <Alert
          type="error"
          showIcon
          // The shared text of a server error sends the user back to the login page: here a retry is at hand.
          message={t(
            state.code === 'server_error' && state.retry ? 'invoices.payment.serverError' : state.code,
          )}
          data-testid="card-error"
          style={{ marginBottom: 12 }}
          action={
            state.retry && (
              <Button size="small" onClick={state.retry} autoInsertSpace={false}>
                {t('invoices.payment.retry')}
              </Button>
            )
          }
        />
      )}
      {state.kind === 'working' && (
        <Flex gap={8} align="center">
          <Spin size="small" />
          <Typography.Text>{state.text}</Typography.Text>
        </Flex>
      )}
      {payable && open && state.kind !== 'working' && !isSettled && (
        <CardOpenAttempt attempt={open} onResume={resume} onStartOver={startOver} />
      )}
      {payable && !open && state.kind !== 'working' && !isSettled && (
        <Flex vertical gap={8}>
          <Typography.Text>
            {t('invoices.payment.amount')}: <strong>{formatYen(invoice.amount)}</strong>
          </Typography.Text>
          <div>
            <Button
              type="primary"
              icon={<CreditCardOutlined />}
              onClick={openForm}
              autoInsertSpace={false}
              data-testid="card-pay"
            >
              {t('invoices.payment.pay')}
            </Button>
          </div>
          <Typography.Text type="secondary">{t('invoices.payment.note')}</Typography.Text>
        </Flex>
      )}
    </Card>
  );
}

import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import type { InvoiceAction } from '@junkan/shared/invoice-rules';
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { type InvoiceCommand, useInvoiceCommand } from '../api/invoice-actions';
import { InvoiceCorrectModal } from './invoice-correct-modal';
import { InvoiceMarkPaidModal } from './invoice-mark-paid-modal';

/**
 * The transporter's buttons on an invoice, from the server's `actions` (send, resend, correct, mark paid): a
 * send or resend is confirmed first, a correction and a payment open their own dialogs.
 */
export function InvoiceActions({ invoice, today }: { invoice: InvoiceDetail; today: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const command = useInvoiceCommand(invoice.id);
  const [paidOpen, setPaidOpen] = useState(false);
  // The correction dialog is made afresh for each opening (its key), and kept while it closes.
  const [correct, setCorrect] = useState({ open: false, key: 0 });
  const closeCorrect = () => setCorrect((c) => ({ ...c, open: false }));
  const can = (a: InvoiceAction) => invoice.actions.includes(a);

  const run = (title: string, content: string | undefined, cmd: InvoiceCommand, done: string) =>
    modal.confirm({
      title,
      content,
      okText: t('invoices.confirm.ok'),
      cancelText: t('forms.cancel'),
      okButtonProps: { autoInsertSpace: false },
      onOk: async () => {
        try {
          await command.mutateAsync(cmd);
          void message.success(done);
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  return (
    <>
      {invoice.actions.length > 0 && (
        <Flex wrap gap={8} justify="end" style={{ marginBottom: 16 }} data-testid="invoice-actions">
          {can('SEND') && (
            <Button
              type="primary"
              autoInsertSpace={false}
              loading={command.isPending}
              data-testid="invoice-send"
              onClick={() =>
                run(
                  t('invoices.confirm.send'),
                  invoice.paymentMethod === 'CREDIT_CARD'
                    ? t('invoices.confirm.sendCardContent')
                    : t('invoices.confirm.sendContent'),
                  { kind: 'send' },
                  t('invoices.done.sent'),
                )
              }
            >
              {t('invoices.action.send')}
            </Button>
          )}
          {can('RESEND_ATTACHMENT_MAIL') && (
            <Button
              autoInsertSpace={false}
              data-testid="invoice-resend-attachment"
              onClick={() =>
                run(
                  t('invoices.confirm.resendAttachment'),
                  undefined,
                  { kind: 'resend', mail: 'ATTACHMENT_MAIL' },
                  t('invoices.done.resent'),
                )
              }
            >
              {t('invoices.action.resendAttachment')}
            </Button>
          )}
          {can('RESEND_PAYMENT_NOTICE') && (
            <Button
              autoInsertSpace={false}
              data-testid="invoice-resend-payment"
              onClick={() =>
                run(
                  t('invoices.confirm.resendPaymentNotice'),
                  undefined,
                  { kind: 'resend', mail: 'PAYMENT_NOTICE_MAIL' },
                  t('invoices.done.resent'),
                )
              }
            >
              {t('invoices.action.resendPaymentNotice')}
            </Button>
          )}
          {can('CORRECT') && (
            <Button
              autoInsertSpace={false}
              data-testid="invoice-correct"
              onClick={() => setCorrect((c) => ({ open: true, key: c.key + 1 }))}
            >
              {t('invoices.action.correct')}
            </Button>
          )}
          {can('MARK_PAID') && (
            <Button
              type="primary"
              autoInsertSpace={false}
              data-testid="invoice-mark-paid"
              onClick={() => setPaidOpen(true)}
            >
              {t('invoices.action.markPaid')}
            </Button>
          )}
        </Flex>
      )}
      <InvoiceMarkPaidModal
        open={paidOpen}
        today={today}
        billedMonth={invoice.billedMonth}
        pending={command.isPending}
        onClose={() => setPaidOpen(false)}
        onSubmit={async (settlementDate) => {
          await command.mutateAsync({ kind: 'paid', settlementDate });
          void message.success(t('invoices.done.paid'));
          setPaidOpen(false);
        }}
      />
      {correct.key > 0 && (
        <InvoiceCorrectModal
          key={correct.key}
          open={correct.open}
          invoice={invoice}
          pending={command.isPending}
          onClose={closeCorrect}
          onSubmit={async (form) => {
            await command.mutateAsync({ kind: 'correct', form });
            void message.success(t('invoices.done.corrected'));
            closeCorrect();
          }}
        />
      )}
    </>
  );
}

import type { QualifiedInvoicePdfRequest } from '@junkan/shared/api/qualified-invoices';
import type { QualifiedInvoiceTotals } from '@junkan/shared/rules/qualified-invoice';
import { Button, DatePicker, Descriptions, Empty, Form, Grid, Result, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayPickerProps, japanToday } from '../../../components/form/date-field';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useGenerateQualifiedInvoicePdf } from '../api/generate-qualified-invoice-pdf';
import { useQualifiedInvoiceDraft } from '../api/qualified-invoice-draft';
import {
  type BuilderEdits,
  type BuilderState,
  builderDateIssues,
  builderState,
  dateRangeText,
  defaultDates,
  initialEdits,
  pdfRequestOf,
  withBilled,
  withQuantity,
} from './qualified-invoice-builder-values';
import { QualifiedInvoiceFlag } from './qualified-invoice-flag';
import { QualifiedInvoiceLines } from './qualified-invoice-lines';

export interface QualifiedInvoiceBuilderProps {
  projectId: number;
  /** YYYY-MM, the billed month (Japan time). */
  month: string;
  /** The generated PDF and the server's figures (its total is what the invoice registers). */
  onGenerated?: (pdf: Blob, totals: QualifiedInvoiceTotals & { fileName: string }) => void;
  /**
   * Registers the invoice as shown (the server generates it again), with the uploaded invoices that bill the
   * month already (to confirm); absent: no register button.
   */
  onRegister?: (
    request: QualifiedInvoicePdfRequest,
    monthBilledByUploads: BuilderState['monthBilledByUploads'],
  ) => void;
  registering?: boolean;
}

/**
 * A qualified invoice (適格請求書) built from the project's contract and the month's reports: the lines with their
 * units and yen amounts, quantities the transporter may adjust (each difference from the reports is flagged
 * before anything is sent), the subtotal and tax per rate, and the PDF to preview and download.
 */
export function QualifiedInvoiceBuilder({
  projectId,
  month,
  onGenerated,
  onRegister,
  registering,
}: QualifiedInvoiceBuilderProps) {
  const { t } = useTranslation();
  const message = useToast();
  const query = useQualifiedInvoiceDraft(projectId, month);
  const screens = Grid.useBreakpoint();
  const generate = useGenerateQualifiedInvoicePdf();
  const draft = query.data;
  const [edits, setEdits] = useState<BuilderEdits>({ quantities: {}, excluded: new Set() });
  const [dates, setDates] = useState({ billingDate: '', dueDate: '' });
  const [preview, setPreview] = useState<{ url: string; fileName: string } | null>(null);

  useEffect(() => {
    if (!draft) return;
    setEdits(initialEdits(draft));
    setDates(defaultDates(draft));
  }, [draft]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const state = useMemo(() => (draft ? builderState(draft, edits) : null), [draft, edits]);

  if (query.isPending) return <Spin />;
  if (query.isError || !draft || !state) {
    return (
      <Result
        status="warning"
        title={messageText(t, isApiError(query.error) ? query.error.code : 'unknown_error')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  const dateIssues = builderDateIssues({ month, ...dates }, japanToday());
  const datesHold = Object.keys(dateIssues).length === 0;
  /** A date's field in error shows its code's text. */
  const dateStatus = (field: 'billingDate' | 'dueDate') => {
    const code = dateIssues[field];
    return code ? { validateStatus: 'error' as const, help: messageText(t, code) } : {};
  };

  const onGenerate = () =>
    generate.mutate(pdfRequestOf(draft, state, dates), {
      onSuccess: (result) => {
        setPreview({ url: URL.createObjectURL(result.blob), fileName: result.fileName });
        onGenerated?.(result.blob, { ...state.totals, total: result.total, fileName: result.fileName });
      },
      onError: (error) => showApiError({ error, t, message }),
    });

  return (
    <Space
      direction="vertical"
      style={{ width: '100%' }}
      size="middle"
      data-testid="qualified-invoice-builder"
    >
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        layout={screens.md ? 'horizontal' : 'vertical'}
      >
        <Descriptions.Item label={t('qualifiedInvoice.issuer')}>{draft.issuer.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('field.invoiceRegistrationNumber')}>
          {draft.issuer.registrationNumber ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('qualifiedInvoice.recipient')}>
          {t('qualifiedInvoice.recipientName', { name: draft.recipient.companyName })}
        </Descriptions.Item>
        <Descriptions.Item label={t('qualifiedInvoice.period')}>
          {dateRangeText(draft.periodFrom, draft.periodTo)}
        </Descriptions.Item>
      </Descriptions>

      {state.flags.map((flag, i) => (
        // Flags have no id of their own; their order is stable for one set of edits.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <QualifiedInvoiceFlag key={i} flag={flag} />
      ))}

      {draft.lines.length === 0 ? (
        <Empty description={t('qualifiedInvoice.noLines')} />
      ) : (
        <QualifiedInvoiceLines
          rows={state.rows}
          totals={state.totals}
          edits={edits}
          onQuantity={(key, value) => setEdits((e) => withQuantity(e, key, value))}
          onBilled={(key, billed) => setEdits((e) => withBilled(e, key, billed))}
        />
      )}

      <Form layout="inline">
        <Form.Item
          label={t('qualifiedInvoice.billingDate')}
          htmlFor="qualified-invoice-billing-date"
          {...dateStatus('billingDate')}
        >
          <DatePicker
            id="qualified-invoice-billing-date"
            {...dayPickerProps}
            style={{ width: 'auto' }}
            value={dates.billingDate ? dayjs(dates.billingDate) : null}
            allowClear={false}
            onChange={(d) => d && setDates((x) => ({ ...x, billingDate: d.format('YYYY-MM-DD') }))}
          />
        </Form.Item>
        <Form.Item
          label={t('qualifiedInvoice.dueDate')}
          htmlFor="qualified-invoice-due-date"
          {...dateStatus('dueDate')}
        >
          <DatePicker
            id="qualified-invoice-due-date"
            {...dayPickerProps}
            style={{ width: 'auto' }}
            value={dates.dueDate ? dayjs(dates.dueDate) : null}
            allowClear={false}
            onChange={(d) => d && setDates((x) => ({ ...x, dueDate: d.format('YYYY-MM-DD') }))}
          />
        </Form.Item>
        <Button
          onClick={onGenerate}
          disabled={!state.canGenerate || !datesHold}
          loading={generate.isPending}
          data-testid="generate-invoice-pdf"
        >
          {t('qualifiedInvoice.generate')}
        </Button>
        {onRegister && (
          <Button
            type="primary"
            onClick={() => onRegister(pdfRequestOf(draft, state, dates), state.monthBilledByUploads)}
            disabled={!state.canRegister || !datesHold}
            loading={registering}
            autoInsertSpace={false}
            data-testid="register-qualified-invoice"
          >
            {t('qualifiedInvoice.register')}
          </Button>
        )}
        {preview && (
          <a href={preview.url} download={preview.fileName} data-testid="download-invoice-pdf">
            {t('qualifiedInvoice.download')}
          </a>
        )}
      </Form>

      {preview && (
        <iframe
          title={t('qualifiedInvoice.preview')}
          src={preview.url}
          style={{ width: '100%', height: 640, border: '1px solid #d9d9d9' }}
        />
      )}
    </Space>
  );
}

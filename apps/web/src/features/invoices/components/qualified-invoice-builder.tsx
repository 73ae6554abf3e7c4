import type { QualifiedInvoicePdfRequest, QualifiedInvoiceTotals } from '@junkan/shared';
import { paths } from '@junkan/shared/paths';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Grid,
  Input,
  Result,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BANK_ACCOUNTS_ANCHOR,
  INVOICE_REGISTRATION_NUMBER_ANCHOR,
} from '../../../components/account-form/account-info-form';
import { DataTable } from '../../../components/data-table';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { formatPlainDate, formatYen } from '../../../lib/format';
import { currentPunctuation, messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useGenerateQualifiedInvoicePdf } from '../api/generate-qualified-invoice-pdf';
import { useQualifiedInvoiceDraft } from '../api/qualified-invoice-draft';
import {
  type BuilderEdits,
  type BuilderRow,
  type BuilderState,
  builderState,
  defaultDates,
  flagMessage,
  flagSeverity,
  initialEdits,
  pdfRequestOf,
} from './qualified-invoice-builder-values';

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

const dateRange = (from: string, to: string) =>
  from === to
    ? formatPlainDate(from)
    : `${formatPlainDate(from)}${currentPunctuation().range}${formatPlainDate(to)}`;

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

  const setQuantity = (key: string, value: string) =>
    setEdits((e) => ({ ...e, quantities: { ...e.quantities, [key]: value } }));
  const toggle = (key: string, billed: boolean) =>
    setEdits((e) => {
      const excluded = new Set(e.excluded);
      if (billed) excluded.delete(key);
      else excluded.add(key);
      return { ...e, excluded };
    });

  const onGenerate = () =>
    generate.mutate(pdfRequestOf(draft, state, dates), {
      onSuccess: (result) => {
        setPreview({ url: URL.createObjectURL(result.blob), fileName: result.fileName });
        onGenerated?.(result.blob, { ...state.totals, total: result.total, fileName: result.fileName });
      },
      onError: (error) => showApiError({ error, t, message }),
    });

  const columns = [
    {
      title: t('qualifiedInvoice.column.billed'),
      key: 'billed',
      width: 60,
      render: (_: unknown, r: BuilderRow) => (
        <Checkbox
          checked={!r.isExcluded}
          onChange={(e) => toggle(r.key, e.target.checked)}
          aria-label={r.description}
        />
      ),
    },
    {
      title: t('qualifiedInvoice.column.date'),
      key: 'date',
      render: (_: unknown, r: BuilderRow) => dateRange(r.dateFrom, r.dateTo),
    },
    { title: t('qualifiedInvoice.column.description'), dataIndex: 'description', key: 'description' },
    {
      title: t('qualifiedInvoice.column.quantity'),
      key: 'quantity',
      width: 160,
      render: (_: unknown, r: BuilderRow) => (
        <Space direction="vertical" size={0}>
          <Input
            value={edits.quantities[r.key] ?? r.quantity}
            onChange={(e) => setQuantity(r.key, e.target.value)}
            disabled={r.isExcluded}
            status={r.isInvalid ? 'error' : r.differs ? 'warning' : undefined}
            suffix={r.unit}
            inputMode="decimal"
            data-testid={`quantity-${r.key}`}
          />
          {r.isInvalid && <Typography.Text type="danger">{t('invalid_format')}</Typography.Text>}
          {!r.isInvalid && r.differs && (
            <Typography.Text type="warning">
              {t('qualifiedInvoice.reported', { quantity: r.reportedQuantity, unit: r.unit })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('qualifiedInvoice.column.unitPrice'),
      key: 'unitPrice',
      align: 'right' as const,
      render: (_: unknown, r: BuilderRow) => `${formatYen(r.unitPrice)} / ${r.unit}`,
    },
    {
      title: t('qualifiedInvoice.column.taxRate'),
      key: 'taxRate',
      align: 'right' as const,
      render: (_: unknown, r: BuilderRow) => `${r.taxRate}%`,
    },
    {
      title: t('qualifiedInvoice.column.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, r: BuilderRow) => (r.isExcluded ? '—' : formatYen(r.amount)),
    },
  ];

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
          {dateRange(draft.periodFrom, draft.periodTo)}
        </Descriptions.Item>
      </Descriptions>

      {state.flags.map((flag, i) => {
        const { key, values } = flagMessage(flag);
        return (
          <Alert
            // Flags have no id of their own; their order is stable for one set of edits.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
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
      })}

      {draft.lines.length === 0 ? (
        <Empty description={t('qualifiedInvoice.noLines')} />
      ) : (
        <DataTable<BuilderRow>
          editable
          rowKey="key"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={state.rows}
          // On a phone the table scrolls inside itself; the page keeps the screen's width.
          scroll={{ x: 760 }}
          summary={() => (
            <>
              {state.totals.rates.map((r) => (
                <Table.Summary.Row key={r.taxRate}>
                  <Table.Summary.Cell index={0} colSpan={6} align="right">
                    {t('qualifiedInvoice.rateSubtotal', { rate: r.taxRate })}
                    {' / '}
                    {t('qualifiedInvoice.rateTax', { rate: r.taxRate })}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {formatYen(r.subtotal)} / {formatYen(r.tax)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ))}
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={6} align="right">
                  <strong>{t('qualifiedInvoice.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong data-testid="invoice-total">{formatYen(state.totals.total)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          )}
        />
      )}

      <Form layout="inline">
        <Form.Item label={t('qualifiedInvoice.billingDate')} htmlFor="qualified-invoice-billing-date">
          <DatePicker
            id="qualified-invoice-billing-date"
            value={dates.billingDate ? dayjs(dates.billingDate) : null}
            format="YYYY/MM/DD"
            allowClear={false}
            onChange={(d) => d && setDates((x) => ({ ...x, billingDate: d.format('YYYY-MM-DD') }))}
          />
        </Form.Item>
        <Form.Item
          label={t('qualifiedInvoice.dueDate')}
          htmlFor="qualified-invoice-due-date"
          validateStatus={dates.dueDate < dates.billingDate ? 'error' : undefined}
          help={dates.dueDate < dates.billingDate ? t('invalid_period') : undefined}
        >
          <DatePicker
            id="qualified-invoice-due-date"
            value={dates.dueDate ? dayjs(dates.dueDate) : null}
            format="YYYY/MM/DD"
            allowClear={false}
            onChange={(d) => d && setDates((x) => ({ ...x, dueDate: d.format('YYYY-MM-DD') }))}
          />
        </Form.Item>
        <Button
          onClick={onGenerate}
          disabled={!state.canGenerate || dates.dueDate < dates.billingDate}
          loading={generate.isPending}
          data-testid="generate-invoice-pdf"
        >
          {t('qualifiedInvoice.generate')}
        </Button>
        {onRegister && (
          <Button
            type="primary"
            onClick={() => onRegister(pdfRequestOf(draft, state, dates), state.monthBilledByUploads)}
            disabled={!state.canRegister || dates.dueDate < dates.billingDate}
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

import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { Alert, App, Checkbox, Col, DatePicker, Form, Input, Modal, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { dateItemProps, dayPickerProps, japanToday } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { YenInput } from '../../../components/form/yen-input';
import { confirmDiscard, confirmSend, useDiscardGuard } from '../../../components/form-modal';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { formatPlainDate, formatYen } from '../../../lib/format';
import { currentPunctuation, messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import {
  type CorrectedLineValues,
  correctedLinesOf,
  correctionDateIssues,
  correctionFormData,
  correctionIssues,
  type InvoiceBlockValues,
  lineCorrectionFormData,
  lineCorrectionState,
} from '../invoice-form-values';
import { InvoiceFilesField } from './invoice-files-field';

interface CorrectModalProps {
  /** Mounted afresh for each opening (a new `key`), kept while it closes so that focus goes back to its opener. */
  open: boolean;
  invoice: InvoiceDetail;
  pending: boolean;
  onClose: () => void;
  onSubmit: (form: FormData) => Promise<void>;
}

type CorrectValues = InvoiceBlockValues & { keep: number[] };

/**
 * A correction, confirmed, then a new version: new dates and either a new amount and files (keep some, add
 * others) or, for an invoice the system generated, its lines' quantities and unit prices, from which the server
 * computes the amount and renders the PDF again.
 */
export function InvoiceCorrectModal(props: CorrectModalProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const { invoice } = props;
  const byLines = invoice.source === 'GENERATED';
  const [form] = Form.useForm<CorrectValues>();
  const [storedLines] = useState(() => correctedLinesOf(invoice.lines ?? []));
  const [lines, setLines] = useState(storedLines);
  const lineState = lineCorrectionState(lines);
  const keep = Form.useWatch('keep', form) ?? invoice.files.map((f) => f.id);
  const keptNames = invoice.files.filter((f) => keep.includes(f.id)).map((f) => f.fileName);
  // Closing asks before what was typed is thrown away: the form's fields, or the lines (kept beside the form).
  const guardedClose = useDiscardGuard(form, props.pending, props.onClose);
  const requestClose = () =>
    lines !== storedLines && !props.pending
      ? confirmDiscard(modal, t, { onOk: props.onClose })
      : guardedClose();

  const confirm = (body: () => FormData) =>
    confirmSend(modal, {
      title: t('invoices.confirm.correct'),
      content: t('invoices.confirm.correctContent'),
      okText: t('invoices.action.correct'),
      cancelText: t('forms.cancel'),
      okButtonProps: { autoInsertSpace: false },
      send: () => props.onSubmit(body()),
      onRefused: (error) => showApiError({ error, t, message, form, fieldMap: { keepFileIds: ['keep'] } }),
    });

  const onFinish = (values: CorrectValues) => {
    const today = japanToday();
    const issues = byLines
      ? correctionDateIssues(values, today)
      : correctionIssues(values, keptNames.length, invoice.paymentMethod, today);
    if (issues.length) {
      showFormIssues(form, issues, t);
      return;
    }
    if (!byLines) confirm(() => correctionFormData(values, values.keep ?? []));
    else if (lineState.isValid) confirm(() => lineCorrectionFormData(values, lines));
  };

  return (
    <Modal
      open={props.open}
      title={t('invoices.correctTitle')}
      okText={t('invoices.action.correct')}
      cancelText={t('forms.cancel')}
      okButtonProps={{
        autoInsertSpace: false,
        loading: props.pending,
        disabled: byLines && !lineState.isValid,
      }}
      onCancel={requestClose}
      onOk={() => form.submit()}
      width={byLines ? 900 : 600}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          billingDate: invoice.billingDate,
          dueDate: invoice.dueDate,
          amount: invoice.amount,
          keep: invoice.files.map((f) => f.id),
          files: [],
        }}
        onFinish={onFinish}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="billingDate"
              label={t('invoices.field.billingDate')}
              rules={[requiredRule(t)]}
              {...dateItemProps}
            >
              <DatePicker {...dayPickerProps} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="dueDate"
              label={t('invoices.field.dueDate')}
              rules={[requiredRule(t)]}
              {...dateItemProps}
            >
              <DatePicker {...dayPickerProps} />
            </Form.Item>
          </Col>
        </Row>
        {byLines ? (
          <CorrectedLines lines={lines} onChange={setLines} />
        ) : (
          <>
            <Form.Item name="amount" label={t('invoices.field.amount')} rules={[requiredRule(t)]}>
              <YenInput data-testid="invoice-correct-amount" />
            </Form.Item>
            {invoice.files.length > 0 && (
              <Form.Item name="keep" label={t('invoices.keepFiles')}>
                <Checkbox.Group options={invoice.files.map((f) => ({ value: f.id, label: f.fileName }))} />
              </Form.Item>
            )}
            <Form.Item name="files" label={t('invoices.newFiles')} extra={t('invoices.form.filesHint')}>
              <InvoiceFilesField existingNames={keptNames} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** The generated invoice's lines: each kept or left out, its quantity and unit price typed; the new totals below. */
function CorrectedLines(props: {
  lines: CorrectedLineValues[];
  onChange: (lines: CorrectedLineValues[]) => void;
}) {
  const { t } = useTranslation();
  const state = lineCorrectionState(props.lines);
  const set = (index: number, change: Partial<CorrectedLineValues>) =>
    props.onChange(props.lines.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const issueOf = (index: number, field: 'quantity' | 'unitPrice') =>
    state.issues.find((i) => i.index === index && i.field === field)?.code;
  if (props.lines.length === 0)
    return <Alert type="warning" showIcon message={t('invoice_generated_correct_lines')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('invoices.correctLines')}</Typography.Paragraph>
      <DataTable<CorrectedLineValues & { index: number }>
        editable
        rowKey="key"
        size="small"
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={props.lines.map((l, index) => ({ ...l, index }))}
        data-testid="invoice-correct-lines"
        columns={[
          {
            key: 'kept',
            title: t('qualifiedInvoice.column.billed'),
            width: 60,
            render: (_, r) => (
              <Checkbox
                checked={!r.isRemoved}
                onChange={(e) => set(r.index, { isRemoved: !e.target.checked })}
                aria-label={r.description}
              />
            ),
          },
          {
            key: 'date',
            title: t('qualifiedInvoice.column.date'),
            width: 120,
            render: (_, r) =>
              r.dateFrom === r.dateTo
                ? formatPlainDate(r.dateFrom)
                : `${formatPlainDate(r.dateFrom)}${currentPunctuation().range}${formatPlainDate(r.dateTo)}`,
          },
          { key: 'description', title: t('qualifiedInvoice.column.description'), dataIndex: 'description' },
          {
            key: 'quantity',
            title: t('qualifiedInvoice.column.quantity'),
            width: 150,
            render: (_, r) => (
              <>
                <Input
                  value={r.typedQuantity}
                  onChange={(e) => set(r.index, { typedQuantity: e.target.value })}
                  disabled={r.isRemoved}
                  status={issueOf(r.index, 'quantity') ? 'error' : undefined}
                  suffix={r.unit}
                  inputMode="decimal"
                  aria-label={`${r.description} ${t('qualifiedInvoice.column.quantity')}`}
                  data-testid={`correct-quantity-${r.key}`}
                />
                {issueOf(r.index, 'quantity') && (
                  <Typography.Text type="danger">
                    {messageText(t, issueOf(r.index, 'quantity')!)}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            key: 'unitPrice',
            title: t('qualifiedInvoice.column.unitPrice'),
            width: 150,
            render: (_, r) => (
              <>
                <YenInput
                  value={r.typedUnitPrice}
                  onChange={(v) => set(r.index, { typedUnitPrice: v ?? null })}
                  disabled={r.isRemoved}
                  status={issueOf(r.index, 'unitPrice') ? 'error' : undefined}
                  aria-label={`${r.description} ${t('qualifiedInvoice.column.unitPrice')}`}
                  data-testid={`correct-unit-price-${r.key}`}
                />
                {issueOf(r.index, 'unitPrice') && (
                  <Typography.Text type="danger">
                    {messageText(t, issueOf(r.index, 'unitPrice')!)}
                  </Typography.Text>
                )}
              </>
            ),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4} align="right">
              {t('invoices.correctTotal')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong data-testid="invoice-correct-total">{formatYen(state.totals.total)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  );
}

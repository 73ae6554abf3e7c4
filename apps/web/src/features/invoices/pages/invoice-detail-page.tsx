import { DownloadOutlined } from '@ant-design/icons';
import { daysOverdue, formatInvoiceNumber, type InvoiceAction, type InvoiceDetail } from '@junkan/shared';
import { paths } from '@junkan/shared/paths';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  List,
  Modal,
  Result,
  Row,
  Spin,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateItemProps, dayPickerProps, futureDays, japanToday } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { keptUntilItem } from '../../../components/kept-until';
import { WRAPPING_LINK_STYLE } from '../../../components/wrapping-link';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime, formatPlainDate, formatYen } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { type InvoiceCommand, useInvoiceCommand } from '../api/invoice-actions';
import { downloadInvoiceFile, useInvoiceDetail } from '../api/invoice-detail';
import { InvoiceCorrectModal } from '../components/invoice-correct-modal';
import { InvoicePayee } from '../components/invoice-payee';
import { InvoicePaymentPanel } from '../components/invoice-payment-panel';
import { InvoiceStatusTag } from '../components/invoice-status-tag';

/**
 * /invoice-management/detail/:id: one invoice version for either party: its fields, files, the mails sent and
 * the versions. The transporter's buttons come from the server's `actions` (send, resend, mark paid, correct),
 * each confirmed first; a discharger's billed card invoice shows the card payment area.
 */
export default function InvoiceDetailPage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const detail = useInvoiceDetail(isTransport, valid ? id : 0);

  if (!valid || detail.error)
    return (
      <Result
        status={valid ? 'warning' : '404'}
        title={t(
          valid && (detail.error as { status?: number })?.status !== 404
            ? 'invoices.loadFailed'
            : 'invoice_not_found',
        )}
        extra={
          <Link to={paths.invoiceManagement.to()}>
            <Button>{t('invoices.backToList')}</Button>
          </Link>
        }
      />
    );
  if (!detail.data) return <Spin />;
  return <InvoiceDetailView invoice={detail.data} isTransport={isTransport} />;
}

function InvoiceDetailView({ invoice, isTransport }: { invoice: InvoiceDetail; isTransport: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const command = useInvoiceCommand(invoice.id);
  const [paidOpen, setPaidOpen] = useState(false);
  const [correctOpen, setCorrectOpen] = useState(false);
  const can = (a: InvoiceAction) => invoice.actions.includes(a);
  const today = japanToday();

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
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>
          {t('invoices.detailTitle')} {formatInvoiceNumber(invoice.invoiceNumber, invoice.version)}
        </Typography.Title>
        <Link to={paths.invoiceManagement.to()}>{t('invoices.backToList')}</Link>
      </Flex>
      {invoice.supersededById !== null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('invoices.detail.superseded')}
          action={
            <Link to={paths.invoiceDetail.to(invoice.supersededById)}>
              {t('invoices.detail.openCurrent')}
            </Link>
          }
          data-testid="invoice-superseded"
        />
      )}
      {invoice.overdue && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('invoices.detail.overdue', { days: daysOverdue(invoice, today) })}
        />
      )}
      {isTransport && invoice.actions.length > 0 && (
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
              onClick={() => setCorrectOpen(true)}
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
      {!isTransport && invoice.paymentMethod === 'CREDIT_CARD' && <InvoicePaymentPanel invoice={invoice} />}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          bordered
          data-testid="invoice-fields"
          items={[
            {
              key: 'number',
              label: t('invoices.field.number'),
              children: (
                <span data-testid="invoice-number">
                  {formatInvoiceNumber(invoice.invoiceNumber, invoice.version)}
                </span>
              ),
            },
            {
              key: 'status',
              label: t('invoices.field.status'),
              children: <InvoiceStatusTag status={invoice.status} overdue={invoice.overdue} />,
            },
            { key: 'project', label: t('invoices.field.project'), children: invoice.projectTitle },
            {
              key: 'transporter',
              label: t('invoices.field.transporter'),
              children: invoice.transporter.name,
            },
            { key: 'discharger', label: t('invoices.field.discharger'), children: invoice.discharger.name },
            {
              key: 'paymentMethod',
              label: t('invoices.field.paymentMethod'),
              children: t(`invoices.paymentMethod.${invoice.paymentMethod}`),
            },
            {
              key: 'billedMonth',
              label: t('invoices.field.billedMonth'),
              children: (
                <span data-testid="invoice-billed-month">{formatPlainDate(invoice.billedMonth)}</span>
              ),
            },
            {
              key: 'billingDate',
              label: t('invoices.field.billingDate'),
              children: formatPlainDate(invoice.billingDate),
            },
            {
              key: 'amount',
              label: t('invoices.field.amount'),
              children: <span data-testid="invoice-amount">{formatYen(invoice.amount)}</span>,
            },
            {
              key: 'dueDate',
              label: t('invoices.field.dueDate'),
              children: invoice.overdue ? (
                <Typography.Text type="danger" strong>
                  {formatPlainDate(invoice.dueDate)}
                </Typography.Text>
              ) : (
                formatPlainDate(invoice.dueDate)
              ),
            },
            {
              key: 'settlementDate',
              label: t('invoices.field.settlementDate'),
              children: (
                <span data-testid="invoice-settlement-date">
                  {formatPlainDate(invoice.settlementDate) || '—'}
                </span>
              ),
            },
            { key: 'version', label: t('invoices.field.version'), children: invoice.version },
            {
              key: 'source',
              label: t('invoices.field.source'),
              children: t(`invoices.source.${invoice.source}`),
            },
            keptUntilItem(t, invoice.keptUntil),
          ]}
        />
      </Card>
      {invoice.paymentMethod === 'PAYMENT_INVOICE' && <InvoicePayee accounts={invoice.payeeAccounts} />}
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('invoices.detail.files')} style={{ marginBottom: 16 }}>
            {invoice.files.length === 0 ? (
              <Empty description={t('invoices.detail.noFiles')} />
            ) : (
              <List
                size="small"
                dataSource={invoice.files}
                renderItem={(file) => (
                  <List.Item>
                    <Button
                      type="link"
                      icon={<DownloadOutlined />}
                      style={WRAPPING_LINK_STYLE}
                      onClick={() =>
                        void downloadInvoiceFile(isTransport, invoice.id, file).catch((error) =>
                          showApiError({ error, t, message }),
                        )
                      }
                    >
                      {file.fileName}
                    </Button>
                    <Typography.Text type="secondary">
                      {Math.ceil(file.size / 1024).toLocaleString()} KB
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('invoices.detail.sends')} style={{ marginBottom: 16 }}>
            <DataTable
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 520 }}
              dataSource={invoice.sends}
              locale={{ emptyText: t('invoices.detail.noSends') }}
              data-testid="invoice-sends"
              columns={[
                {
                  key: 'at',
                  title: t('invoices.detail.sentAt'),
                  width: 140,
                  render: (_, s) => formatDateTime(s.at),
                },
                {
                  key: 'kind',
                  title: t('invoices.detail.kind'),
                  render: (_, s) => t(`invoices.sendKind.${s.kind}`, { step: s.step }),
                },
                {
                  key: 'to',
                  title: t('invoices.detail.to'),
                  width: 120,
                  render: (_, s) =>
                    s.kind === 'ATTACHMENT_MAIL'
                      ? `${t('invoices.detail.recipients', { count: s.recipients })} / ${
                          s.filesAttached
                            ? t('invoices.detail.filesAttached')
                            : t('invoices.detail.filesLinked')
                        }`
                      : t('invoices.detail.recipients', { count: s.recipients }),
                },
                ...(isTransport
                  ? [
                      {
                        key: 'by',
                        title: t('invoices.detail.sentBy'),
                        width: 140,
                        render: (_: unknown, s: InvoiceDetail['sends'][number]) =>
                          s.sentBy ?? t('invoices.detail.sentBySystem'),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('invoices.detail.versions')} style={{ marginBottom: 16 }}>
        <DataTable
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 520 }}
          dataSource={invoice.versions}
          data-testid="invoice-versions"
          columns={[
            {
              key: 'version',
              title: t('invoices.field.version'),
              width: 90,
              render: (_, v) =>
                v.id === invoice.id ? (
                  <Typography.Text strong>{v.version}</Typography.Text>
                ) : (
                  <Link to={paths.invoiceDetail.to(v.id)}>{v.version}</Link>
                ),
            },
            {
              key: 'billingDate',
              title: t('invoices.field.billingDate'),
              render: (_, v) => formatPlainDate(v.billingDate),
            },
            {
              key: 'amount',
              title: t('invoices.field.amount'),
              align: 'right',
              render: (_, v) => formatYen(v.amount),
            },
            {
              key: 'dueDate',
              title: t('invoices.field.dueDate'),
              render: (_, v) => formatPlainDate(v.dueDate),
            },
            {
              key: 'state',
              title: t('invoices.field.status'),
              render: (_, v) =>
                v.supersededAt ? formatDateTime(v.supersededAt) : t('invoices.detail.current'),
            },
          ]}
        />
      </Card>
      <MarkPaidModal
        open={paidOpen}
        today={today}
        pending={command.isPending}
        onClose={() => setPaidOpen(false)}
        onSubmit={async (settlementDate) => {
          try {
            await command.mutateAsync({ kind: 'paid', settlementDate });
            void message.success(t('invoices.done.paid'));
            setPaidOpen(false);
          } catch (error) {
            showApiError({ error, t, message });
          }
        }}
      />
      {correctOpen && (
        <InvoiceCorrectModal
          invoice={invoice}
          pending={command.isPending}
          onClose={() => setCorrectOpen(false)}
          onSubmit={async (form) => {
            await command.mutateAsync({ kind: 'correct', form });
            void message.success(t('invoices.done.corrected'));
            setCorrectOpen(false);
          }}
        />
      )}
    </>
  );
}

/** The settlement confirmation date, a real date not after Japan's today; confirmed by the modal's own OK. */
function MarkPaidModal(props: {
  open: boolean;
  today: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (date: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ settlementDate: string | null }>();
  return (
    <Modal
      open={props.open}
      title={t('invoices.confirm.markPaid')}
      okText={t('invoices.action.markPaid')}
      cancelText={t('forms.cancel')}
      okButtonProps={{ autoInsertSpace: false, loading: props.pending }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('invoices.confirm.markPaidContent')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ settlementDate: props.today }}
        onFinish={(v) => props.onSubmit(v.settlementDate ?? '')}
      >
        <Form.Item
          name="settlementDate"
          label={t('invoices.field.settlementDate')}
          rules={[requiredRule(t)]}
          {...dateItemProps}
        >
          <DatePicker
            {...dayPickerProps}
            disabledDate={futureDays()}
            data-testid="invoice-settlement-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

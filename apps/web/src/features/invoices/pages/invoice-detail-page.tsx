import { DownloadOutlined } from '@ant-design/icons';
import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { daysOverdue, formatInvoiceNumber } from '@junkan/shared/invoice-rules';
import { paths } from '@junkan/shared/paths';
import { Alert, Button, Card, Col, Empty, List, Result, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { japanToday } from '../../../components/form/date-field';
import { LinkButton } from '../../../components/link-button';
import { PageTitleBar } from '../../../components/page-title-bar';
import { WRAPPING_LINK_STYLE } from '../../../components/wrapping-link';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime, formatPlainDate, formatYen } from '../../../lib/format';
import { useRecordLabel } from '../../../lib/record-label';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { downloadInvoiceFile, useInvoiceDetail } from '../api/invoice-detail';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoiceFields } from '../components/invoice-fields';
import { InvoicePayee } from '../components/invoice-payee';
import { InvoicePaymentPanel } from '../components/invoice-payment-panel';

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
        extra={<LinkButton to={paths.invoiceManagement.to()}>{t('invoices.backToList')}</LinkButton>}
      />
    );
  if (!detail.data) return <Spin />;
  return <InvoiceDetailView invoice={detail.data} isTransport={isTransport} />;
}

function InvoiceDetailView({ invoice, isTransport }: { invoice: InvoiceDetail; isTransport: boolean }) {
  const { t } = useTranslation();
  const message = useToast();
  const today = japanToday();
  const number = formatInvoiceNumber(invoice.invoiceNumber, invoice.version);
  // The tab and the breadcrumb name the invoice by its number, as the heading does.
  useRecordLabel(number);

  return (
    <>
      <PageTitleBar
        title={
          <>
            {t('invoices.detailTitle')} {number}
          </>
        }
      >
        <Link to={paths.invoiceManagement.to()}>{t('invoices.backToList')}</Link>
      </PageTitleBar>
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
      {isTransport && <InvoiceActions invoice={invoice} today={today} />}
      {!isTransport && invoice.paymentMethod === 'CREDIT_CARD' && <InvoicePaymentPanel invoice={invoice} />}
      <InvoiceFields invoice={invoice} />
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
    </>
  );
}

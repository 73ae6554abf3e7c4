import type { QualifiedInvoicePdfRequest } from '@junkan/shared/api/qualified-invoices';
import { billedMonthIssue, type InvoicePaymentMethod } from '@junkan/shared/invoice-rules';
import { paths } from '@junkan/shared/paths';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Result,
  Row,
  Segmented,
  Select,
  Spin,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { japanToday, monthPickerProps } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { confirmSend } from '../../../components/form-modal';
import { PageTitleBar } from '../../../components/page-title-bar';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useBillableProjects } from '../api/billable-projects';
import { useMonthBillings } from '../api/month-billings';
import { useRegisterInvoices } from '../api/register-invoices';
import { useRegisterQualifiedInvoice } from '../api/register-qualified-invoice';
import { InvoiceUploadBlocks } from '../components/invoice-upload-blocks';
import { QualifiedInvoiceBuilder } from '../components/qualified-invoice-builder';
import type { BuilderState } from '../components/qualified-invoice-builder-values';
import { RegisterConfirmContent } from '../components/register-confirm-content';
import {
  billedMonthWarnings,
  emptyInvoiceBlock,
  type InvoiceBlockValues,
  type RegisterMode,
  registerViewOf,
  registrationFormData,
  registrationIssues,
  uploadedMonthWarnings,
} from '../invoice-form-values';

interface RegisterValues {
  projectId?: number;
  invoices: InvoiceBlockValues[];
}

/**
 * /invoice-management/register: the transporter bills one project with up to five invoices, each with its
 * billing date, amount, due date and files; the payment method comes from the contract. The shared rules run
 * before the confirmation, the server's field codes show next to their fields, and a failed call keeps the input.
 */
export default function InvoiceRegisterPage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const projects = useBillableProjects(isTransport);
  const register = useRegisterInvoices();
  const registerQualified = useRegisterQualifiedInvoice();
  const [params, setParams] = useSearchParams();
  const { mode, month } = registerViewOf(params, japanToday());
  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const [form] = Form.useForm<RegisterValues>();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const projectId = Form.useWatch('projectId', form);
  const project = projects.data?.find((p) => p.projectId === projectId);
  const billings = useMonthBillings(projectId);
  const monthWarnings = billedMonthWarnings(Form.useWatch('invoices', form) ?? [], billings.data ?? []);
  const method: InvoicePaymentMethod = project?.paymentMethod ?? 'PAYMENT_INVOICE';
  // A generated invoice's month within an invoice's bounds (outside them, nothing is built for it).
  const monthIssue = billedMonthIssue(month, japanToday());

  if (!isTransport) return <Navigate to={paths.forbidden.to()} replace />;
  if (projects.isPending) return <Spin />;
  if (projects.isError)
    return (
      <Result
        status="warning"
        title={t('invoices.loadFailed')}
        extra={<Button onClick={() => void projects.refetch()}>{t('common.retry')}</Button>}
      />
    );

  const onFinish = (values: RegisterValues) => {
    const blocks = values.invoices ?? [];
    const issues = registrationIssues(blocks, method, japanToday());
    if (issues.length) {
      showFormIssues(form, issues, t);
      return;
    }
    // The months billed already, as shown beside their blocks: confirming sends them as confirmed.
    const warnings = billedMonthWarnings(blocks, billings.data ?? []);
    confirmSend(modal, {
      title: t('invoices.form.confirmTitle'),
      content: <RegisterConfirmContent count={blocks.length} warnings={warnings} />,
      okText: t('invoices.form.submit'),
      okButtonProps: { autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      send: async () => {
        const created = await register.mutateAsync(
          registrationFormData(
            values.projectId!,
            blocks,
            warnings.map((c) => c.billedMonth),
          ),
        );
        void message.success(t('invoices.form.registered'));
        navigate(
          created.length === 1 ? paths.invoiceDetail.to(created[0]!.id) : paths.invoiceManagement.to(),
        );
      },
      onRefused: (error) => {
        // The form keeps every value and file; the server's field codes show next to their fields, focus on the first.
        showApiError({ error, t, message, form });
        void billings.refetch(); // A month billed meanwhile then warns beside its invoice.
      },
    });
  };

  const onRegisterQualified = (
    request: QualifiedInvoicePdfRequest,
    monthBilledByUploads: BuilderState['monthBilledByUploads'],
  ) => {
    const warnings = uploadedMonthWarnings(request.month, monthBilledByUploads);
    modal.confirm({
      title: t('invoices.form.confirmTitle'),
      content: <RegisterConfirmContent count={1} warnings={warnings} />,
      okText: t('invoices.form.submit'),
      okButtonProps: { autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      onOk: async () => {
        try {
          const created = await registerQualified.mutateAsync({
            ...request,
            confirmedBilledMonths: warnings.map((c) => c.billedMonth),
          });
          void message.success(t('qualifiedInvoice.registered'));
          navigate(paths.invoiceDetail.to(created.id));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });
  };

  return (
    <>
      <PageTitleBar title={t('invoices.registerTitle')}>
        <Link to={paths.invoiceManagement.to()}>{t('invoices.backToList')}</Link>
      </PageTitleBar>
      {projects.data.length === 0 ? (
        <Card>
          <Empty description={t('invoices.form.noProjects')} />
        </Card>
      ) : (
        <Form<RegisterValues>
          form={form}
          layout="vertical"
          initialValues={{ invoices: [emptyInvoiceBlock()] }}
          onFinish={onFinish}
          scrollToFirstError
          data-testid="invoice-register-form"
        >
          <Card size="small" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={14}>
                <Form.Item name="projectId" label={t('invoices.form.project')} rules={[requiredRule(t)]}>
                  <Select<number>
                    showSearch
                    optionFilterProp="label"
                    placeholder={t('invoices.form.projectPlaceholder')}
                    data-testid="invoice-project"
                    options={projects.data.map((p) => ({
                      value: p.projectId,
                      label: t('common.withNote', { main: p.title, note: p.discharger.name }),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={10}>
                <Form.Item label={t('invoices.form.paymentMethodFromContract')}>
                  <Typography.Text strong data-testid="invoice-payment-method">
                    {project ? t(`invoices.paymentMethod.${project.paymentMethod}`) : '—'}
                  </Typography.Text>
                  {project?.paymentMethod === 'CREDIT_CARD' && (
                    <Typography.Text type="secondary"> {t('invoices.form.cardAmountHint')}</Typography.Text>
                  )}
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Segmented<RegisterMode>
            value={mode}
            onChange={(value) => setParam('mode', value === 'generate' ? 'generate' : null)}
            options={[
              { value: 'upload', label: t('qualifiedInvoice.mode.upload') },
              { value: 'generate', label: t('qualifiedInvoice.mode.generate') },
            ]}
            style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}
            data-testid="invoice-register-mode"
          />
          {mode === 'generate' ? (
            <Card size="small">
              <Form.Item
                label={t('qualifiedInvoice.month')}
                htmlFor="qualified-invoice-month"
                {...(monthIssue ? { validateStatus: 'error', help: messageText(t, monthIssue) } : {})}
              >
                <DatePicker
                  id="qualified-invoice-month"
                  {...monthPickerProps}
                  style={{ width: 'auto' }}
                  allowClear={false}
                  value={dayjs(`${month}-01`)}
                  onChange={(d) => d && setParam('month', d.format('YYYY-MM'))}
                  data-testid="qualified-invoice-month"
                />
              </Form.Item>
              {/* A month refused beside its field has nothing to build: the server would refuse it too. */}
              {monthIssue ? null : projectId ? (
                <QualifiedInvoiceBuilder
                  key={`${projectId}:${month}`}
                  projectId={projectId}
                  month={month}
                  onRegister={onRegisterQualified}
                  registering={registerQualified.isPending}
                />
              ) : (
                <Empty description={t('invoices.form.projectPlaceholder')} />
              )}
            </Card>
          ) : (
            <InvoiceUploadBlocks monthWarnings={monthWarnings} submitting={register.isPending} />
          )}
        </Form>
      )}
    </>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INVOICE_MAX_PER_REGISTRATION, type InvoicePaymentMethod } from '@junkan/shared';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Result,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { dateItemProps, dayPickerProps } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { YenInput } from '../../../components/form/yen-input';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useBillableProjects } from '../api/billable-projects';
import { useRegisterInvoices } from '../api/register-invoices';
import { InvoiceFilesField } from '../components/invoice-files-field';
import { type InvoiceBlockValues, registrationFormData, registrationIssues } from '../invoice-form-values';

interface RegisterValues {
  projectId?: number;
  invoices: InvoiceBlockValues[];
}

const emptyBlock = (): InvoiceBlockValues => ({ billingDate: null, dueDate: null, amount: null, files: [] });

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
  const [form] = Form.useForm<RegisterValues>();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const projectId = Form.useWatch('projectId', form);
  const project = projects.data?.find((p) => p.projectId === projectId);
  const method: InvoicePaymentMethod = project?.paymentMethod ?? 'PAYMENT_INVOICE';

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
    const issues = registrationIssues(blocks, method);
    if (issues.length) {
      showFormIssues(form, issues, t);
      return;
    }
    modal.confirm({
      title: t('invoices.form.confirmTitle'),
      content: t('invoices.form.confirmContent', { count: blocks.length }),
      okText: t('invoices.form.submit'),
      okButtonProps: { autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      onOk: async () => {
        try {
          const created = await register.mutateAsync(registrationFormData(values.projectId!, blocks));
          void message.success(t('invoices.form.registered'));
          navigate(
            created.length === 1 ? paths.invoiceDetail.to(created[0]!.id) : paths.invoiceManagement.to(),
          );
        } catch (error) {
          // The form keeps every value and file; the server's field codes show next to their fields.
          showApiError({ error, t, message, form });
        }
      },
    });
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('invoices.registerTitle')}</Typography.Title>
        <Link to={paths.invoiceManagement.to()}>{t('invoices.backToList')}</Link>
      </Flex>
      {projects.data.length === 0 ? (
        <Card>
          <Empty description={t('invoices.form.noProjects')} />
        </Card>
      ) : (
        <Form<RegisterValues>
          form={form}
          layout="vertical"
          initialValues={{ invoices: [emptyBlock()] }}
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
                      label: `${p.title}（${p.discharger.name}）`,
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
          <Form.List name="invoices">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    style={{ marginBottom: 16 }}
                    title={t('invoices.form.block', { n: index + 1 })}
                    data-testid={`invoice-block-${index}`}
                    extra={
                      fields.length > 1 && (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('invoices.form.removeBlock')}
                          onClick={() => remove(field.name)}
                        />
                      )
                    }
                  >
                    <Row gutter={16}>
                      <Col xs={24} md={8}>
                        <Form.Item
                          name={[field.name, 'billingDate']}
                          label={t('invoices.field.billingDate')}
                          rules={[requiredRule(t)]}
                          {...dateItemProps}
                        >
                          <DatePicker {...dayPickerProps} data-testid={`invoice-billing-date-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={8}>
                        <Form.Item
                          name={[field.name, 'amount']}
                          label={t('invoices.field.amount')}
                          rules={[requiredRule(t)]}
                        >
                          <YenInput data-testid={`invoice-amount-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={8}>
                        <Form.Item
                          name={[field.name, 'dueDate']}
                          label={t('invoices.field.dueDate')}
                          rules={[requiredRule(t)]}
                          {...dateItemProps}
                        >
                          <DatePicker {...dayPickerProps} data-testid={`invoice-due-date-${index}`} />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Form.Item
                      name={[field.name, 'files']}
                      label={t('invoices.field.files')}
                      extra={t('invoices.form.filesHint')}
                    >
                      <InvoiceFilesField />
                    </Form.Item>
                  </Card>
                ))}
                <Flex justify="space-between" wrap gap={8}>
                  <Button
                    icon={<PlusOutlined />}
                    disabled={fields.length >= INVOICE_MAX_PER_REGISTRATION}
                    title={
                      fields.length >= INVOICE_MAX_PER_REGISTRATION ? t('invoices.form.maxBlocks') : undefined
                    }
                    onClick={() => add(emptyBlock())}
                  >
                    {t('invoices.form.addBlock')}
                  </Button>
                  <Button
                    type="primary"
                    htmlType="submit"
                    loading={register.isPending}
                    autoInsertSpace={false}
                    data-testid="invoice-register-submit"
                  >
                    {t('invoices.form.submit')}
                  </Button>
                </Flex>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </>
  );
}

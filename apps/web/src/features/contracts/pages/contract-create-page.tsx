import {
  CONTRACT_FORMS,
  CONTRACT_MAX_LENGTH,
  CONTRACT_TYPES,
  type ContractDates,
  type ContractDraft,
  contractActions,
  contractDateIssues,
  contractInputSchema,
  PAYMENT_TYPES,
  type ProjectDetail,
  QUOTE_UNIT_PRICE_MAX,
} from '@junkan/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  Radio,
  Result,
  Row,
  Table,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { japanToday, keepEnterInPicker, pickerItemProps } from '../../../components/form/date-field';
import { dropKeptInput, keepInput, readKeptInput } from '../../../components/form/kept-input';
import { YenInput } from '../../../components/form/yen-input';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { showApiError, zodRule } from '../../../lib/form-errors';
import { firstPerField } from '../../../lib/form-issues';
import { formatNumber, formatYen } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useProjectDetail } from '../../projects/api/project-detail';
import { ProjectPageHeader } from '../../projects/components/project-page-header';
import { projectPageState } from '../../projects/components/project-page-state';
import { useContractDraft } from '../api/contract-draft';
import { useSaveContract } from '../api/save-contract';
import { useSendContract } from '../api/send-contract';
import {
  buildContractInput,
  type ContractFormValues,
  type FieldIssue,
  formValuesFromDraft,
  lineAmount,
  restoreFormValues,
} from '../contract-form-values';
import { projectDetailPath } from '../contract-links';

/** The form keeps YYYY-MM-DD strings; a cleared date is ''. */
const dateItemProps = pickerItemProps('YYYY-MM-DD', '');

const shape = contractInputSchema.shape;

/** Unsaved input survives a reload: kept per user and project in sessionStorage until it is saved. */
const storageKey = (userId: number | undefined, projectId: number) =>
  `junkan.contractDraft.${userId ?? 'anon'}.${projectId}`;

/**
 * /contract-create/:id and /contract-management/contract-creation/:id: the transporter writes the
 * contract of a project whose quote was accepted, saves it as a draft and sends it for confirmation.
 */
export default function ContractCreatePage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const id = Number(useParams().id);
  const isTransport = roles.includes('TRANSPORT');
  const project = useProjectDetail(isTransport ? id : 0);
  const editable =
    project.data !== undefined &&
    contractActions(
      {
        projectStatus: project.data.projectStatus,
        contractStatus: project.data.contract?.status ?? null,
        contractType: project.data.contract?.contractType ?? null,
      },
      'TRANSPORT',
    ).includes('EDIT');
  const draft = useContractDraft(editable ? id : 0);

  if (!isTransport) return <Navigate to="/403" replace />;
  const state = projectPageState(id, [project], {
    backTo: '/contract-management',
    back: t('contracts.backToList'),
    failed: t('contracts.loadFailed'),
  });
  if (state || !project.data) return state;
  if (!editable)
    return (
      <Result
        status="info"
        title={t('contracts.notEditable')}
        extra={
          <Link to={projectDetailPath(id)}>
            <Button>{t('contracts.backToDetail')}</Button>
          </Link>
        }
      />
    );
  const draftState = projectPageState(id, [project, draft], {
    backTo: '/contract-management',
    back: t('contracts.backToList'),
    failed: t('contracts.loadFailed'),
  });
  if (draftState || !draft.data) return draftState;
  return <ContractEditor key={id} project={project.data} draft={draft.data} />;
}

function ContractEditor({ project, draft }: { project: ProjectDetail; draft: ContractDraft }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<ContractFormValues>();
  const save = useSaveContract(project.id);
  const send = useSendContract(project.id);
  const key = storageKey(session.claims?.userId, project.id);
  const saved = useMemo(() => formValuesFromDraft(draft), [draft]);
  const [stored] = useState(() => restoreFormValues(readKeptInput<unknown>(key), draft));
  const [restored, setRestored] = useState(stored !== null);
  const [today] = useState(japanToday);
  const [sending, setSending] = useState(false);
  const guard = useLeaveGuard(stored !== null, () => dropKeptInput(key));
  const busy = save.isPending || send.isPending;
  const industrial = project.type === 'INDUSTRIAL';
  const prices = Form.useWatch('unitPrices', form) ?? (stored ?? saved).unitPrices;

  const keep = () => {
    // Storage full or disabled: the input stays on the page only.
    keepInput(key, form.getFieldsValue(true));
    guard.markDirty();
  };

  const forget = () => {
    dropKeptInput(key);
    guard.markClean();
    setRestored(false);
  };

  const discardRestored = () => {
    form.resetFields();
    form.setFieldsValue(saved);
    forget();
  };

  const showIssues = (issues: FieldIssue[]) => {
    (form as FormInstance).setFields(
      firstPerField(issues, (i) => i.name.join('.')).map((i) => ({
        name: i.name,
        errors: [messageText(t, i.code)],
        warnings: [],
      })),
    );
  };

  /** The field rules, then the shared schema (and, when sending, today's date rules). */
  const check = async (sendingOn?: string) => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    const result = buildContractInput(form.getFieldsValue(true), project.type, sendingOn);
    if (!result.ok) {
      showIssues(result.issues);
      return null;
    }
    return result.input;
  };

  const onSave = async () => {
    const input = await check();
    if (!input) return;
    try {
      await save.mutateAsync(input);
      forget();
      void message.success(t('contracts.saved'));
    } catch (error) {
      showApiError({ error, t, message, form });
    }
  };

  const onSend = async () => {
    const input = await check(japanToday());
    if (!input) return;
    modal.confirm({
      title: t('contracts.send'),
      content: t('contracts.sendConfirm'),
      okText: t('contracts.send'),
      cancelText: t('forms.cancel'),
      onOk: async () => {
        setSending(true);
        try {
          await save.mutateAsync(input);
          forget();
          await send.mutateAsync();
          void message.success(t('contracts.sent'));
          navigate(projectDetailPath(project.id));
        } catch (error) {
          showApiError({ error, t, message, form });
        } finally {
          setSending(false);
        }
      },
    });
  };

  /** Mirrors the server's date checks on one field (contractDateIssues); a past start only warns until sent. */
  const dateRule =
    (path: keyof ContractDates): FormRule =>
    ({ getFieldValue }) => ({
      warningOnly: path === 'startDate',
      validator: async () => {
        const dates = {
          startDate: String(getFieldValue('startDate') ?? ''),
          endDate: String(getFieldValue('endDate') ?? ''),
          licenseExpireDate: String(getFieldValue('licenseExpireDate') ?? ''),
        };
        const issue = contractDateIssues(dates, today).find((i) => i.path === path);
        if (issue) throw new Error(messageText(t, issue.code));
      },
    });

  return (
    <>
      <ProjectPageHeader
        title={t('contracts.createTitle')}
        backTo={projectDetailPath(project.id)}
        backLabel={t('contracts.backToDetail')}
        projectTitle={project.projectTitle}
        subtitle={`${t(`projectType.${project.type}`)} / ${project.company.name}`}
      />
      {draft.status === 'RETURNED' && draft.returnReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('contracts.returnedAlert')}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{draft.returnReason}</span>}
          data-testid="contract-return-reason"
        />
      )}
      {restored && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('contracts.restored')}
          action={
            <Button size="small" onClick={discardRestored}>
              {t('contracts.discardRestored')}
            </Button>
          }
        />
      )}
      <Form<ContractFormValues>
        form={form}
        layout="vertical"
        initialValues={stored ?? saved}
        onValuesChange={keep}
        onFinish={() => void onSave()}
        disabled={busy}
        scrollToFirstError
      >
        <Card title={t('contracts.section.basics')} size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item
                name="contractName"
                label={t('contracts.field.contractName')}
                rules={[zodRule(shape.contractName, t)]}
                required
              >
                <Input maxLength={CONTRACT_MAX_LENGTH.contractName} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="contactPerson"
                label={t('contracts.field.contactPerson')}
                rules={[zodRule(shape.contactPerson, t)]}
                required
              >
                <Input maxLength={CONTRACT_MAX_LENGTH.contactPerson} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="startDate"
                label={t('contracts.field.startDate')}
                rules={[zodRule(shape.startDate, t), dateRule('startDate')]}
                required
                {...dateItemProps}
              >
                <DatePicker format="YYYY/MM/DD" style={{ width: '100%' }} onKeyDown={keepEnterInPicker} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="endDate"
                label={t('contracts.field.endDate')}
                dependencies={['startDate']}
                rules={[zodRule(shape.endDate, t), dateRule('endDate')]}
                required
                {...dateItemProps}
              >
                <DatePicker format="YYYY/MM/DD" style={{ width: '100%' }} onKeyDown={keepEnterInPicker} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="contractType" label={t('contracts.field.contractType')} required>
                <Radio.Group
                  options={CONTRACT_TYPES.map((v) => ({ value: v, label: t(`contracts.type.${v}`) }))}
                />
              </Form.Item>
            </Col>
            {industrial && (
              <Col xs={24} lg={12}>
                <Form.Item name="contractForm" label={t('contracts.field.contractForm')} required>
                  <Radio.Group
                    options={CONTRACT_FORMS.map((v) => ({ value: v, label: t(`contracts.form.${v}`) }))}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} lg={12}>
              <Form.Item name="paymentMethod" label={t('contracts.field.paymentMethod')} required>
                <Radio.Group
                  options={PAYMENT_TYPES.map((v) => ({ value: v, label: t(`contracts.payment.${v}`) }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('contracts.section.unitPrices')} size="small" style={{ marginBottom: 16 }}>
          <Table
            size="small"
            rowKey="wasteLineId"
            pagination={false}
            dataSource={draft.unitPrices}
            scroll={{ x: 720 }}
            data-testid="contract-unit-prices"
            columns={[
              { key: 'waste', title: t('contracts.column.waste'), dataIndex: 'wasteName' },
              {
                key: 'quantity',
                title: t('contracts.column.quantity'),
                align: 'right',
                width: 120,
                render: (_, l) =>
                  l.quantity === null ? '—' : formatNumber(l.quantity, Number.isInteger(l.quantity) ? 0 : 2),
              },
              { key: 'unit', title: t('contracts.column.unit'), width: 90, render: (_, l) => l.unit ?? '—' },
              {
                key: 'unitPrice',
                title: t('contracts.column.unitPrice'),
                width: 200,
                render: (_, l, i) => (
                  <Form.Item
                    name={['unitPrices', i, 'unitPrice']}
                    style={{ margin: 0 }}
                    rules={[zodRule(shape.unitPrices.element.shape.unitPrice, t)]}
                  >
                    <YenInput
                      max={QUOTE_UNIT_PRICE_MAX}
                      aria-label={`${l.wasteName} ${t('contracts.column.unitPrice')}`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'amount',
                title: t('contracts.column.amount'),
                align: 'right',
                width: 140,
                render: (_, l, i) => {
                  const amount = lineAmount(prices[i]?.unitPrice, l.quantity);
                  return amount === null ? '—' : formatYen(amount);
                },
              },
            ]}
          />
        </Card>

        <Card title={t('contracts.section.fees')} size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            {industrial && (
              <Col xs={24} sm={12} lg={6}>
                <Form.Item
                  name="manifestFee"
                  label={t('contracts.field.manifestFee')}
                  rules={[zodRule(shape.manifestFee, t)]}
                  required
                >
                  <YenInput max={99_999_999} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="preparationFee"
                label={t('contracts.field.preparationFee')}
                rules={[zodRule(shape.preparationFee, t)]}
                required
              >
                <YenInput max={99_999_999} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('contracts.section.license')} size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} lg={8}>
              <Form.Item
                name="licenseNumber"
                label={t('contracts.field.licenseNumber')}
                rules={[zodRule(shape.licenseNumber, t)]}
                required
              >
                <Input maxLength={CONTRACT_MAX_LENGTH.licenseNumber} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item
                name="licenseDistrict"
                label={t('contracts.field.licenseDistrict')}
                rules={[zodRule(shape.licenseDistrict, t)]}
                required
              >
                <Input maxLength={CONTRACT_MAX_LENGTH.licenseDistrict} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item
                name="licenseExpireDate"
                label={t('contracts.field.licenseExpireDate')}
                dependencies={['startDate']}
                rules={[zodRule(shape.licenseExpireDate, t), dateRule('licenseExpireDate')]}
                required
                {...dateItemProps}
              >
                <DatePicker format="YYYY/MM/DD" style={{ width: '100%' }} onKeyDown={keepEnterInPicker} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Flex justify="end" gap={8}>
          <Button
            htmlType="submit"
            loading={busy && !sending}
            autoInsertSpace={false}
            data-testid="contract-save"
          >
            {t('contracts.save')}
          </Button>
          <Button
            type="primary"
            onClick={() => void onSend()}
            loading={sending}
            disabled={busy}
            data-testid="contract-send"
          >
            {t('contracts.send')}
          </Button>
        </Flex>
      </Form>
    </>
  );
}

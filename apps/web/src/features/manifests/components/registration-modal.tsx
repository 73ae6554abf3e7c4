import {
  type ManifestDetail,
  type ManifestDifference,
  type ManifestRegistrationInput,
  type ManifestRegistrationOptions,
  manifestDifferencesDetailSchema,
  volumeSchema,
} from '@junkan/shared';
import { paths } from '@junkan/shared/paths';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  DatePicker,
  Descriptions,
  Form,
  Modal,
  Result,
  Select,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateItemProps } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { VolumeInput } from '../../../components/form/volume-input';
import { useDiscardGuard } from '../../../components/form-modal';
import { isApiError } from '../../../lib/api-client';
import { showFormIssues, zodRule } from '../../../lib/form-errors';
import { fieldNamePath } from '../../../lib/form-issues';
import { messageText } from '../../../lib/i18n';
import { useWastes } from '../../../lib/reference-data/wastes';
import { useRegisterManifest } from '../api/register-manifest';
import {
  buildManifestRegistration,
  isDeliveryDateInFuture,
  type ManifestRegistrationFormValues,
  onlyChoice,
  projectDefaults,
  type RegistrationIssue,
  registrationDifferences,
  registrationFailureTexts,
  registrationFieldOf,
  registrationSummary,
  wasteChoices,
} from '../registration-values';
import { ContractDifferences } from './contract-differences';

interface Failure {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * The discharger registers (delivers) a manifest for an industrial project in progress. The network issues the
 * number at once and reflects the registration after about 10 minutes. What the manifest names (waste,
 * transporter, disposal site) starts as the contract's; where it differs from the contract (or the delivery date
 * falls outside its period) the confirmation lists the differences, which the discharger confirms or goes back to
 * edit. A refusal that is not about a field is shown above the form, whose input stays for the retry.
 */
export function RegistrationModal({
  open,
  onClose,
  options,
}: {
  open: boolean;
  onClose: () => void;
  options: ManifestRegistrationOptions;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ManifestRegistrationFormValues>();
  const register = useRegisterManifest();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [issued, setIssued] = useState<ManifestDetail | null>(null);
  const guardedClose = useDiscardGuard(form, register.isPending, onClose);
  const requestClose = () => (issued ? onClose() : guardedClose());
  const today = options.today;
  const canRegister = options.subscriberNumber !== null;

  const projectId = Form.useWatch('projectId', form);
  const project = options.projects.find((p) => p.id === projectId);
  const wastes = useWastes('INDUSTRIAL');
  const choices = wasteChoices(project, wastes.data);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFailure(null);
    setIssued(null);
    const only = onlyChoice(options.projects);
    form.setFieldsValue({
      projectId: only,
      ...projectDefaults(options.projects.find((p) => p.id === only)),
      dischargeSiteId: onlyChoice(options.dischargeSites),
      unitId: onlyChoice(options.units),
    });
  }, [open, form, options]);

  const showIssues = (issues: readonly RegistrationIssue[]) => showFormIssues(form, issues, t);

  const send = async (input: ManifestRegistrationInput, typedQuantity: string | undefined) => {
    setFailure(null);
    try {
      setIssued(await register.mutateAsync(input));
    } catch (error) {
      if (!isApiError(error)) return setFailure({ code: 'unknown_error' });
      // The contract or the masters changed since the form was filled: confirm what the server found.
      const found = manifestDifferencesDetailSchema.safeParse(error.details);
      if (error.code === 'manifest_contract_differences' && found.success)
        return confirm(input, typedQuantity, found.data.differences);
      const fields = Object.entries(error.fields ?? {});
      if (fields.length > 0)
        return showFormIssues(
          form,
          fields.map(([name, code]) => ({ name: fieldNamePath(registrationFieldOf(name) ?? name), code })),
          t,
        );
      setFailure({ code: error.code, params: error.params });
    }
  };

  /** Asks before sending; with differences from the contract, they are listed and confirming them sends them. */
  const confirm = (
    input: ManifestRegistrationInput,
    typedQuantity: string | undefined,
    differences: readonly ManifestDifference[],
  ) => {
    const differs = differences.length > 0;
    modal.confirm({
      title: t(differs ? 'manifests.register.differencesTitle' : 'manifests.register.confirmTitle'),
      width: differs ? 720 : 520,
      content: (
        <>
          {differs && (
            <>
              <Alert
                type="warning"
                showIcon
                style={{ margin: '8px 0' }}
                title={t('manifests.register.differencesNote')}
              />
              <ContractDifferences differences={differences} />
            </>
          )}
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 8 }}
            items={registrationSummary(input, typedQuantity, options, wastes.data).map((line) => ({
              key: line.key,
              label: t(line.labelKey),
              children: line.text,
            }))}
          />
        </>
      ),
      okText: t(differs ? 'manifests.register.confirmDifferences' : 'manifests.register.submit'),
      cancelText: t(differs ? 'manifests.register.backToEdit' : 'forms.cancel'),
      // Going back keeps every input; only an explicit confirmation sends the differences.
      focusable: differs ? { autoFocusButton: 'cancel' } : undefined,
      onOk: () =>
        send(
          differs ? { ...input, confirmedDifferences: differences.map((d) => d.kind) } : input,
          typedQuantity,
        ),
    });
  };

  const submit = (values: ManifestRegistrationFormValues) => {
    const built = buildManifestRegistration(values, today);
    if (!built.ok) return showIssues(built.issues);
    confirm(built.input, values.quantity, registrationDifferences(built.input, options, wastes.data));
  };

  const failureTexts = failure ? registrationFailureTexts(failure.code) : null;

  return (
    <Modal
      title={t('manifests.register.title')}
      okText={t('manifests.register.submit')}
      cancelText={t('forms.cancel')}
      open={open}
      width={640}
      onCancel={requestClose}
      confirmLoading={register.isPending}
      footer={issued ? null : undefined}
      okButtonProps={
        {
          htmlType: 'submit',
          disabled: !canRegister,
          'data-testid': 'manifest-register-submit',
        } as ButtonProps
      }
      cancelButtonProps={{ disabled: register.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(node) => (
        <Form<ManifestRegistrationFormValues>
          form={form}
          layout="vertical"
          initialValues={{ deliveryDate: today, quantity: '' }}
          onFinish={submit}
          disabled={register.isPending || !canRegister}
        >
          {node}
        </Form>
      )}
    >
      {issued ? (
        <Result
          status="success"
          title={t('manifests.register.done')}
          subTitle={t('manifests.register.doneDetail', { manifestNumber: issued.manifestNumber })}
          data-testid="manifest-register-done"
          extra={[
            <Button
              key="detail"
              type="primary"
              onClick={() => {
                onClose();
                navigate(paths.manifestDetail.to(issued.manifestNumber));
              }}
            >
              {t('manifests.register.openDetail')}
            </Button>,
            <Button key="close" onClick={onClose}>
              {t('manifests.register.close')}
            </Button>,
          ]}
        />
      ) : (
        <>
          {!canRegister && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={messageText(t, 'edi_not_ready')}
              description={t('manifests.register.noSubscriberHint')}
            />
          )}
          {failure && failureTexts && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="manifest-register-failure"
              title={
                failureTexts.titleKey.startsWith('manifests.')
                  ? t(failureTexts.titleKey)
                  : messageText(t, failureTexts.titleKey, failure.params)
              }
              description={failureTexts.hintKey ? t(failureTexts.hintKey) : undefined}
            />
          )}
          <Form.Item name="projectId" label={t('manifests.register.project')} rules={[requiredRule(t)]}>
            <Select<number>
              placeholder={t('manifests.register.projectPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('manifests.register.noProjects')}
              onChange={(id) =>
                form.setFieldsValue(projectDefaults(options.projects.find((p) => p.id === id)))
              }
              options={options.projects.map((p) => ({
                value: p.id,
                label: p.transporterName ? `${p.title}（${p.transporterName}）` : p.title,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="waste"
            label={t('manifests.register.wasteLine')}
            extra={t('manifests.register.wasteHint')}
            rules={[requiredRule(t)]}
          >
            <Select<string>
              placeholder={t('manifests.register.wasteLinePlaceholder')}
              disabled={!projectId}
              showSearch={{ optionFilterProp: 'label' }}
              options={[
                { label: t('manifests.register.contractWastes'), options: choices.contract },
                ...(choices.other.length > 0
                  ? [{ label: t('manifests.register.otherWastes'), options: choices.other }]
                  : []),
              ]}
            />
          </Form.Item>
          <Form.Item
            name="deliveryDate"
            label={t('manifests.column.deliveryDate')}
            extra={t('manifests.register.deliveryDateHint')}
            {...dateItemProps}
            rules={[
              requiredRule(t),
              {
                validator: async (_rule, value: string | null) => {
                  if (value && isDeliveryDateInFuture(value, today))
                    throw new Error(messageText(t, 'delivery_date_in_future'));
                },
              },
            ]}
          >
            <DatePicker
              format="YYYY/MM/DD"
              style={{ width: 180 }}
              disabledDate={(d) => isDeliveryDateInFuture(d.format('YYYY-MM-DD'), today)}
            />
          </Form.Item>
          <Form.Item label={t('manifests.register.quantity')} required style={{ marginBottom: 0 }}>
            <Form.Item
              name="quantity"
              rules={[zodRule(volumeSchema, t)]}
              style={{ display: 'inline-block', width: 200, marginRight: 8 }}
            >
              <VolumeInput aria-label={t('manifests.register.quantity')} />
            </Form.Item>
            <Form.Item
              name="unitId"
              rules={[requiredRule(t)]}
              style={{ display: 'inline-block', width: 160 }}
            >
              <Select<number>
                aria-label={t('manifests.register.unit')}
                placeholder={t('manifests.register.unit')}
                options={options.units.map((u) => ({ value: u.id, label: u.unit }))}
              />
            </Form.Item>
          </Form.Item>
          <Form.Item
            name="dischargeSiteId"
            label={t('manifests.register.dischargeSite')}
            rules={[requiredRule(t)]}
          >
            <Select<number>
              placeholder={t('manifests.register.dischargeSitePlaceholder')}
              notFoundContent={t('manifests.register.noDischargeSites')}
              options={options.dischargeSites.map((s) => ({
                value: s.id,
                label: s.address ? `${s.name}（${s.address}）` : s.name,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="transportCompanyId"
            label={t('manifests.column.transporter')}
            extra={t('manifests.register.routeHint')}
            rules={[requiredRule(t)]}
          >
            <Select<number>
              disabled={!projectId}
              options={options.transporters.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="disposalSiteId" label={t('manifests.column.disposalSite')}>
            <Select<number>
              allowClear
              disabled={!projectId}
              placeholder={t('manifests.register.noDisposalSite')}
              showSearch={{ optionFilterProp: 'label' }}
              options={options.disposalSites.map((d) => ({
                value: d.id,
                label: d.licenseExpired ? t('manifests.register.licenseExpired', { name: d.name }) : d.name,
                disabled: d.licenseExpired,
              }))}
            />
          </Form.Item>
          <Alert type="info" showIcon title={t('manifests.register.reflectionNote')} />
        </>
      )}
    </Modal>
  );
}

import {
  type ManifestDetail,
  type ManifestRegistrationInput,
  type ManifestRegistrationOptions,
  volumeSchema,
} from '@junkan/shared';
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
import { paths } from '../../../lib/paths';
import { useRegisterManifest } from '../api/register-manifest';
import {
  buildManifestRegistration,
  isDeliveryDateInFuture,
  type ManifestRegistrationFormValues,
  onlyChoice,
  type RegistrationIssue,
  registrationFailureTexts,
  registrationSummary,
  wasteLinesOf,
} from '../registration-values';

interface Failure {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * The discharger registers (delivers) a manifest for a waste line of an industrial project in progress. The
 * network issues the number at once and reflects the registration after about 10 minutes. A refusal that is
 * not about a field is shown above the form, whose input stays for the retry.
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
  const wasteLines = wasteLinesOf(options, projectId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFailure(null);
    setIssued(null);
    const project = onlyChoice(options.projects);
    form.setFieldsValue({
      projectId: project,
      wasteLineId: onlyChoice(wasteLinesOf(options, project)),
      dischargeSiteId: onlyChoice(options.dischargeSites),
      unitId: onlyChoice(options.units),
    });
  }, [open, form, options]);

  const showIssues = (issues: readonly RegistrationIssue[]) => showFormIssues(form, issues, t);

  const send = async (input: ManifestRegistrationInput) => {
    setFailure(null);
    try {
      setIssued(await register.mutateAsync(input));
    } catch (error) {
      if (!isApiError(error)) return setFailure({ code: 'unknown_error' });
      const fields = Object.entries(error.fields ?? {});
      if (fields.length > 0)
        return showFormIssues(
          form,
          fields.map(([name, code]) => ({ name: fieldNamePath(name), code })),
          t,
        );
      setFailure({ code: error.code, params: error.params });
    }
  };

  const submit = (values: ManifestRegistrationFormValues) => {
    const built = buildManifestRegistration(values, today);
    if (!built.ok) return showIssues(built.issues);
    const { input } = built;
    modal.confirm({
      title: t('manifests.register.confirmTitle'),
      width: 520,
      content: (
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 8 }}
          items={registrationSummary(input, values.quantity, options).map((line) => ({
            key: line.key,
            label: t(line.labelKey),
            children: line.text,
          }))}
        />
      ),
      okText: t('manifests.register.submit'),
      cancelText: t('forms.cancel'),
      onOk: () => send(input),
    });
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
                form.setFieldValue('wasteLineId', onlyChoice(wasteLinesOf(options, id)) ?? null)
              }
              options={options.projects.map((p) => ({
                value: p.id,
                label: p.transporterName ? `${p.title}（${p.transporterName}）` : p.title,
              }))}
            />
          </Form.Item>
          <Form.Item name="wasteLineId" label={t('manifests.register.wasteLine')} rules={[requiredRule(t)]}>
            <Select<number>
              placeholder={t('manifests.register.wasteLinePlaceholder')}
              disabled={!projectId}
              options={wasteLines.map((w) => ({ value: w.id, label: w.wasteName }))}
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
          <Alert type="info" showIcon title={t('manifests.register.reflectionNote')} />
        </>
      )}
    </Modal>
  );
}

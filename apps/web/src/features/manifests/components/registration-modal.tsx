import type {
  ManifestDetail,
  ManifestRegistrationInput,
  ManifestRegistrationOptions,
} from '@junkan/shared/api/manifests';
import { paths } from '@junkan/shared/paths';
import type { ManifestDifference } from '@junkan/shared/rules/manifest-agreement';
import { Alert, App, Button, type ButtonProps, Form, Modal, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmSend, useDiscardGuard } from '../../../components/form-modal';
import { isApiError } from '../../../lib/api-client';
import { showFormIssues } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useWastes } from '../../../lib/reference-data/wastes';
import { useRegisterManifest } from '../api/register-manifest';
import {
  buildManifestRegistration,
  type ManifestRegistrationFormValues,
  onlyChoice,
  projectDefaults,
  type RegistrationIssue,
  type RegistrationRefusal,
  registrationDifferences,
  registrationFailureTexts,
  registrationKeeper,
  registrationRefusalOf,
  wasteChoices,
} from '../registration-values';
import { RegistrationConfirmContent } from './registration-confirm-content';
import { RegistrationFields } from './registration-fields';
import css from './registration-modal.module.css';

type Failure = Extract<RegistrationRefusal, { kind: 'failure' }>;

/**
 * The discharger registers (delivers) a manifest for an industrial project in progress. The network issues the
 * number at once and reflects the registration after about 10 minutes. What the manifest names (waste,
 * transporter, disposal site) starts as the contract's; where it differs from the contract (or the delivery date
 * falls outside its period) the confirmation lists the differences, which the discharger confirms or goes back to
 * edit. A refusal that is not about a field is shown above the form, whose input stays for the retry (with the
 * same registration key: `registrationKeeper`).
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
  const failureBanner = useRef<HTMLDivElement>(null);
  const [issued, setIssued] = useState<ManifestDetail | null>(null);
  const [keeper] = useState(registrationKeeper);
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
    keeper.renew();
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
  }, [open, form, options, keeper]);

  // A refusal is said above the form, out of sight of its buttons: focus goes to it (which scrolls it into view),
  // and Tab goes on into the form kept as it was.
  useEffect(() => {
    if (failure) failureBanner.current?.focus();
  }, [failure]);

  const showIssues = (issues: readonly RegistrationIssue[]) => showFormIssues(form, issues, t);

  const send = async (input: ManifestRegistrationInput) => {
    setFailure(null);
    // Sent with the form's key, so a second send (a double click, a retry) never registers twice.
    setIssued(await register.mutateAsync(keeper.body(input)));
    keeper.renew();
  };

  /** A refusal, once the confirmation has closed: differences to confirm, issues beside their fields, or a banner. */
  const showRefusal = (
    input: ManifestRegistrationInput,
    typedQuantity: string | undefined,
    error: unknown,
  ) => {
    const refusal = registrationRefusalOf(isApiError(error) ? error : null);
    if (refusal.kind === 'differences') return confirm(input, typedQuantity, refusal.differences);
    if (refusal.kind === 'fields') return showFormIssues(form, refusal.issues, t);
    setFailure(refusal);
  };

  /** Asks before sending; with differences from the contract, they are listed and confirming them sends them. */
  const confirm = (
    input: ManifestRegistrationInput,
    typedQuantity: string | undefined,
    differences: readonly ManifestDifference[],
  ) => {
    const differs = differences.length > 0;
    const sent = differs ? { ...input, confirmedDifferences: differences.map((d) => d.kind) } : input;
    confirmSend(modal, {
      title: t(differs ? 'manifests.register.differencesTitle' : 'manifests.register.confirmTitle'),
      width: differs ? 720 : 520,
      content: (
        <RegistrationConfirmContent
          input={input}
          typedQuantity={typedQuantity}
          differences={differences}
          options={options}
          wastes={wastes.data}
        />
      ),
      okText: t(differs ? 'manifests.register.confirmDifferences' : 'manifests.register.submit'),
      cancelText: t(differs ? 'manifests.register.backToEdit' : 'forms.cancel'),
      // Going back keeps every input; only an explicit confirmation sends the differences.
      focusable: differs ? { autoFocusButton: 'cancel' } : undefined,
      send: () => send(sent),
      onRefused: (error) => showRefusal(input, typedQuantity, error),
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
            <div
              ref={failureBanner}
              tabIndex={-1}
              className={css.failure}
              style={{ marginBottom: 16 }}
              data-testid="manifest-register-failure"
            >
              <Alert
                type="error"
                showIcon
                title={
                  failureTexts.titleKey.startsWith('manifests.')
                    ? t(failureTexts.titleKey)
                    : messageText(t, failureTexts.titleKey, failure.params)
                }
                description={failureTexts.hintKey ? t(failureTexts.hintKey) : undefined}
              />
            </div>
          )}
          <RegistrationFields
            form={form}
            options={options}
            projectId={projectId}
            choices={choices}
            today={today}
          />
        </>
      )}
    </Modal>
  );
}

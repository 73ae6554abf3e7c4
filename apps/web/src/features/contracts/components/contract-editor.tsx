import type { ContractDraft } from '@junkan/shared/api/contracts';
import type { ProjectDetail } from '@junkan/shared/api/projects';
import type { ContractDates } from '@junkan/shared/contract-rules';
import { Alert, App, Button, Flex, Form, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { japanToday } from '../../../components/form/date-field';
import { useKeptInput } from '../../../components/form/use-kept-input';
import { confirmSend } from '../../../components/form-modal';
import { PermitCoverageAlert } from '../../../components/permit-coverage-alert';
import { ProjectPageHeader } from '../../../components/project/project-page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { showApiError, showFormIssues, validateOrFocus } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useSaveContract } from '../api/save-contract';
import { useSendContract } from '../api/send-contract';
import {
  buildContractInput,
  type ContractFormValues,
  contractDateCode,
  contractDraftKey,
  type FieldIssue,
  formValuesFromDraft,
  isPartLine,
  restoreFormValues,
} from '../contract-form-values';
import { projectDetailPath } from '../contract-links';
import { ContractFormFields } from './contract-form-fields';

/** The contract form of a project: kept while typed, saved as a draft, sent for confirmation. */
export function ContractEditor({ project, draft }: { project: ProjectDetail; draft: ContractDraft }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<ContractFormValues>();
  const save = useSaveContract(project.id);
  const send = useSendContract(project.id);
  const key = contractDraftKey(session.claims?.userId, project.id);
  const kept = useKeptInput(key);
  const saved = useMemo(() => formValuesFromDraft(draft), [draft]);
  const [stored] = useState(() => restoreFormValues(kept.read<unknown>(), draft));
  const [restored, setRestored] = useState(stored !== null);
  const [today] = useState(japanToday);
  const [sending, setSending] = useState(false);
  const guard = useLeaveGuard(stored !== null, () => kept.drop());
  const busy = save.isPending || send.isPending;
  const industrial = project.type === 'INDUSTRIAL';
  const prices = Form.useWatch('unitPrices', form) ?? (stored ?? saved).unitPrices;
  const contractForm = Form.useWatch('contractForm', form) ?? (stored ?? saved).contractForm;

  const keep = () => {
    // Storage full or disabled: the input stays on the page only.
    kept.keep(form.getFieldsValue(true));
    guard.markDirty();
  };

  const forget = () => {
    kept.drop();
    guard.markClean();
    setRestored(false);
  };

  const discardRestored = () => {
    form.resetFields();
    form.setFieldsValue(saved);
    forget();
  };

  const showIssues = (issues: FieldIssue[]) => showFormIssues(form, issues, t);

  /** The field rules, then the shared schema (and, when sending, today's date rules). */
  const check = async (sendingOn?: string) => {
    if (!(await validateOrFocus(form))) return null;
    const result = buildContractInput(form.getFieldsValue(true), project.type, sendingOn, draft.unitPrices);
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
    confirmSend(modal, {
      title: t('contracts.send'),
      content: t('contracts.sendConfirm'),
      okText: t('contracts.send'),
      cancelText: t('forms.cancel'),
      send: async () => {
        setSending(true);
        try {
          await save.mutateAsync(input);
          forget();
          await send.mutateAsync();
          void message.success(t('contracts.sent'));
          navigate(projectDetailPath(project.id));
        } finally {
          setSending(false);
        }
      },
      onRefused: (error) => showApiError({ error, t, message, form }),
    });
  };

  /** Mirrors the server's date checks on one field (contractDateIssues); a past start only warns until sent. */
  const dateRule =
    (path: keyof ContractDates): FormRule =>
    ({ getFieldValue }) => ({
      warningOnly: path === 'startDate',
      validator: async () => {
        const code = contractDateCode(getFieldValue, path, today);
        if (code) throw new Error(messageText(t, code));
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
      <PermitCoverageAlert coverage={project.permitCoverage} own />
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
        <ContractFormFields
          draft={draft}
          industrial={industrial}
          prices={prices}
          partLine={(i) => isPartLine(project.type, contractForm, draft.unitPrices, i)}
          dateRule={dateRule}
          quote={project.quote}
        />

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

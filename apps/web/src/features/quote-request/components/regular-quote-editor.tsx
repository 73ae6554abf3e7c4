import type { AccountInfoResponse } from '@junkan/shared/api/users';
import type { WasteItem } from '@junkan/shared/api/waste';
import { paths } from '@junkan/shared/paths';
import { Alert, App, Button, Flex, Form, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dropKeptInput, keepInput, keptInputKey, readKeptInput } from '../../../components/form/kept-input';
import { confirmSend } from '../../../components/form-modal';
import { isApiError } from '../../../lib/api-client';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions';
import { useRequestQuote } from '../../../lib/project-data/request-quote';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useSaveQuoteRequest } from '../api/save-quote-request';
import { formPath, type RegularFormValues, validate } from './regular-form-values';
import { RegularQuoteForm } from './regular-quote-form';

/** Where a user's unsaved request is kept (the kept-input kit), per draft. */
const storageKey = (userId: number | undefined, projectId: number | null) =>
  keptInputKey(userId, 'regularQuoteRequest', projectId ?? 'new');

type SaveThen = 'draft' | 'confirm' | 'submit';

/**
 * The regular garbage request, new (projectId null: POST) or a saved draft (PUT). Unsaved input is kept in
 * sessionStorage until saved, so a reload loses nothing; a saved draft is CREATING_QUOTE on the server.
 */
export function RegularQuoteEditor({
  projectId,
  initialValues,
  wastes,
  account,
}: {
  projectId: number | null;
  initialValues: RegularFormValues;
  wastes: WasteItem[];
  account: AccountInfoResponse;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { has } = usePermissions();
  const userId = useSession().claims?.userId;
  const [form] = Form.useForm<RegularFormValues>();
  const save = useSaveQuoteRequest();
  const submit = useRequestQuote();
  const [stored] = useState(() => readKeptInput<RegularFormValues>(storageKey(userId, projectId)));
  const [restored, setRestored] = useState(stored !== null);
  const [bagErrors, setBagErrors] = useState<Record<number, string>>({});
  const pending = useRef<SaveThen>('draft');
  const busy = save.isPending || submit.isPending;
  const canConfirm = has('QUOTE_REQUEST_CONFIRM');

  // Storage full or disabled: the input stays on the page only.
  const keep = (values: RegularFormValues) => keepInput(storageKey(userId, projectId), values);

  const discardRestored = () => {
    dropKeptInput(storageKey(userId, projectId));
    form.resetFields();
    form.setFieldsValue(initialValues);
    setRestored(false);
  };

  const showIssues = (issues: { name: (string | number)[]; message: string }[]) => {
    const bags: Record<number, string> = {};
    const onFields: typeof issues = [];
    for (const issue of issues) {
      if (issue.name[0] === 'rows' && issue.name[2] === 'bags') {
        bags[issue.name[1] as number] ??= messageText(t, issue.message);
      } else if (issue.name.length === 1 && issue.name[0] === 'lines') {
        void message.warning(t('quoteRequest.noCategory'));
      } else onFields.push(issue);
    }
    setBagErrors(bags);
    showFormIssues(
      form,
      onFields.map((i) => ({ name: i.name, code: i.message })),
      t,
    );
  };

  const clearErrors = () => {
    setBagErrors({});
    (form as FormInstance).setFields(
      form
        .getFieldsError()
        .filter((f) => f.errors.length)
        .map((f) => ({ name: f.name, errors: [] })),
    );
  };

  /** The request built from the values, or null with its issues shown beside their fields. */
  const checked = () => {
    clearErrors();
    const built = validate(form.getFieldsValue(true) as RegularFormValues);
    if (!built.issues.length) return built;
    showIssues(built.issues);
    return null;
  };

  /** A refused save: the server's field codes beside their fields (on the form's rows), anything else as a toast. */
  const showSaveError = (error: unknown, rowOfLine: number[]) => {
    const fields = isApiError(error) ? error.fields : undefined;
    if (fields && Object.keys(fields).length) {
      showIssues(
        Object.entries(fields).map(([k, code]) => ({
          name: formPath(k.split('.'), rowOfLine),
          message: code,
        })),
      );
    } else showApiError({ error, t, message });
  };

  /** Saves the draft; what was kept of it is dropped once the server holds it. */
  const store = async (body: ReturnType<typeof validate>['body']) => {
    const detail = await save.mutateAsync({ id: projectId, body });
    dropKeptInput(storageKey(userId, projectId));
    dropKeptInput(storageKey(userId, detail.id));
    return detail;
  };

  const run = async (then: Exclude<SaveThen, 'submit'>) => {
    const built = checked();
    if (!built) return;
    let detail: Awaited<ReturnType<typeof store>>;
    try {
      detail = await store(built.body);
    } catch (error) {
      showSaveError(error, built.rowOfLine);
      return;
    }
    if (then === 'confirm') {
      navigate(`${paths.quoteRequestConfirm.to()}?id=${detail.id}`);
      return;
    }
    void message.success(t('quoteRequest.draftSaved'));
    if (!projectId) navigate(`${paths.quoteRequestEdit.to()}?id=${detail.id}`, { replace: true });
  };

  /** Saved and sent once confirmed; a refusal shows once the confirmation has closed (focus on its field). */
  const saveAndSubmit = () => {
    const built = checked();
    if (!built) return;
    let savedId: number | null = null;
    confirmSend(modal, {
      title: t('quoteRequest.submitNow'),
      content: t('MSG_00_04'),
      send: async () => {
        const detail = await store(built.body);
        savedId = detail.id;
        await submit.mutateAsync(detail.id);
        void message.success(t('quoteRequest.requested'));
        navigate(paths.projectDetail.to(detail.id));
      },
      onRefused: (error) => {
        if (savedId === null) return showSaveError(error, built.rowOfLine);
        showApiError({ error, t, message });
        if (!projectId) navigate(`${paths.quoteRequestEdit.to()}?id=${savedId}`, { replace: true });
      },
    });
  };

  const onFinish = () => {
    const then = pending.current;
    pending.current = 'draft';
    if (then === 'submit') saveAndSubmit();
    else void run(then);
  };

  return (
    <>
      {restored && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('quoteRequest.restored')}
          action={
            <Button size="small" onClick={discardRestored}>
              {t('quoteRequest.discardRestored')}
            </Button>
          }
        />
      )}
      <RegularQuoteForm
        form={form}
        initialValues={stored ?? initialValues}
        wastes={wastes}
        account={account}
        bagErrors={bagErrors}
        onValuesChange={keep}
        onFinish={onFinish}
        actions={
          <Flex gap={8} justify="flex-end" wrap>
            <Button htmlType="submit" disabled={busy} loading={save.isPending && pending.current === 'draft'}>
              {t('quoteRequest.saveDraft')}
            </Button>
            {canConfirm ? (
              <Button
                type="primary"
                disabled={busy}
                onClick={() => {
                  pending.current = 'confirm';
                  form.submit();
                }}
              >
                {t('quoteRequest.toConfirm')}
              </Button>
            ) : (
              <Button
                type="primary"
                disabled={busy}
                onClick={() => {
                  pending.current = 'submit';
                  form.submit();
                }}
              >
                {t('quoteRequest.submitNow')}
              </Button>
            )}
          </Flex>
        }
      />
    </>
  );
}

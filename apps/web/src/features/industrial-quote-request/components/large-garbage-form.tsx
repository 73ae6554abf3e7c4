import type { Attachment } from '@junkan/shared/api/common';
import type { ProjectDetail } from '@junkan/shared/api/projects';
import { requiredString } from '@junkan/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { requiredRule } from '../../../components/form/required-rule';
import { useKeptInput } from '../../../components/form/use-kept-input';
import { confirmDestructive } from '../../../components/form-modal';
import type { useAccountInfo } from '../../../lib/account-info';
import { isApiError } from '../../../lib/api-client';
import { setZodIssues, showApiError, validateOrFocus, zodRule } from '../../../lib/form-errors';
import { punctuationOf } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { refreshProject } from '../../../lib/project-data/project-detail';
import type { usePackingStyles } from '../../../lib/reference-data/packing-styles';
import type { useUnitMeasures } from '../../../lib/reference-data/unit-measures';
import type { useWastes } from '../../../lib/reference-data/wastes';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { createQuoteRequest } from '../api/create-quote-request';
import { useDeleteAttachment } from '../api/delete-attachment';
import { updateQuoteRequest } from '../api/update-quote-request';
import { uploadAttachment } from '../api/upload-attachment';
import {
  buildQuoteRequest,
  confirmStepPath,
  draftKey,
  EMPTY,
  type FormValues,
  fromDetail,
} from '../industrial-quote-values';
import { IndustrialLineList } from './industrial-line-list';
import { type PendingFile, PendingFiles } from './pending-files';

type Loaded<T extends { data?: unknown }> = NonNullable<T['data']>;

/** The industrial quote request form: a new draft, or a saved one (edit mode). */
export function LargeGarbageForm(props: {
  project: ProjectDetail | null;
  info: Loaded<ReturnType<typeof useAccountInfo>>;
  wastes: Loaded<ReturnType<typeof useWastes>>;
  units: Loaded<ReturnType<typeof useUnitMeasures>>;
  packingStyles: Loaded<ReturnType<typeof usePackingStyles>>;
}) {
  const { info, project } = props;
  const projectId = project?.id ?? null;
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [saving, setSaving] = useState(false);
  const key = draftKey(session.claims?.userId, projectId);
  const kept = useKeptInput(key);
  const saved = useMemo(() => (project ? fromDetail(project) : EMPTY), [project]);
  const initialValues = useMemo(() => kept.read<FormValues>() ?? saved, [kept, saved]);
  // Files the draft already holds (edit mode); removing one is immediate.
  const [attached, setAttached] = useState<Attachment[]>(project?.attachments ?? []);
  const removeFile = useDeleteAttachment(projectId ?? 0);
  const restored = useRef(initialValues !== saved);
  const hasEdiKey = Boolean(session.claims?.ediKey ?? info.ediConfirmationKey);

  useEffect(() => {
    if (restored.current) void message.info(t('industrialQuote.restored'));
  }, [message, t]);

  const keepDraft = () => kept.keep(form.getFieldsValue(true));

  const discard = () =>
    modal.confirm({
      title: t('MSG_00_05'),
      onOk: () => {
        kept.drop();
        form.resetFields();
        form.setFieldsValue({ projectTitle: undefined, memo: undefined, officeId: undefined, ...saved });
        setFiles([]);
      },
    });

  const save = async () => {
    const values = await validateOrFocus(form);
    if (!values) return;
    const built = buildQuoteRequest({ ...form.getFieldsValue(true), ...values });
    if (!built.ok) {
      setZodIssues(form, built.issues, t);
      return;
    }
    const body = built.input;
    setSaving(true);
    let id: number;
    try {
      id = projectId ? (await updateQuoteRequest(projectId, body)).id : (await createQuoteRequest(body)).id;
    } catch (error) {
      setSaving(false);
      showApiError({ error, t, message, form, fallbackCode: 'invalid_request' });
      return;
    }
    kept.drop();
    // The draft exists: send the files one by one, showing each one's progress.
    const failed: { name: string; code: string }[] = [];
    for (const pending of files) {
      const patch = (change: Partial<PendingFile>) =>
        setFiles((prev) => prev.map((f) => (f.uid === pending.uid ? { ...f, ...change } : f)));
      patch({ status: 'uploading', percent: 0 });
      try {
        await uploadAttachment(id, pending.file, (percent) => patch({ percent }));
        patch({ status: 'done', percent: 100 });
      } catch (error) {
        const code = isApiError(error) ? error.code : 'unknown_error';
        patch({ status: 'error', errorCode: code });
        failed.push({ name: pending.file.name, code });
      }
    }
    // The draft and its files changed: the confirm step, the lists and the home table must not show the old draft.
    void refreshProject(queryClient, id);
    setSaving(false);
    void message.success(t('industrialQuote.saved'));
    const next = () => navigate(confirmStepPath(id));
    if (failed.length === 0) {
      next();
      return;
    }
    modal.warning({
      title: t('industrialQuote.filesFailed'),
      content: (
        <ul>
          {failed.map((f) => (
            <li key={f.name}>
              {f.name}: {messageText(t, f.code)}
            </li>
          ))}
        </ul>
      ),
      okText: t('industrialQuote.toEditStep'),
      onOk: next,
    });
  };

  return (
    <Card
      title={t(projectId ? 'industrialQuote.editTitle' : 'industrialQuote.title')}
      style={{ maxWidth: 1100 }}
    >
      <Typography.Paragraph type="secondary">{t('industrialQuote.lead')}</Typography.Paragraph>
      {!hasEdiKey && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('industrialQuote.noEdiKey')}
          data-testid="edi-key-note"
        />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={keepDraft}
        onFinish={() => void save()}
        disabled={saving}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="projectTitle"
              label={t('industrialQuote.field.projectTitle')}
              rules={[zodRule(requiredString(64), t)]}
              required
            >
              <Input maxLength={64} data-testid="project-title" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="officeId" label={t('industrialQuote.field.office')}>
              <Select
                allowClear
                placeholder={t('industrialQuote.placeholder.office')}
                options={info.offices.map((o) => ({
                  value: o.officeId,
                  label: t('common.withNote', { main: o.officeName, note: o.officeAddress }),
                }))}
                notFoundContent={t('industrialQuote.noOffices')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="dischargeSiteIds"
              label={t('industrialQuote.field.dischargeSites')}
              rules={[{ ...requiredRule(t), type: 'array', min: 1 }]}
            >
              {info.wastes.length === 0 ? (
                <Typography.Text type="secondary">{t('industrialQuote.noDischargeSites')}</Typography.Text>
              ) : (
                <CheckboxGroupField data-testid="discharge-sites">
                  <Flex vertical gap={4}>
                    {info.wastes.map((w) => (
                      <Checkbox key={w.wasteId} value={w.wasteId}>
                        {w.dischargeSitename}
                        <Typography.Text type="secondary">
                          {' '}
                          {punctuationOf(i18n.language).postal}
                          {w.wastePostalCode} {w.wasteAddress}
                          {w.wasteAddress2}
                          {w.wasteAddress3}
                        </Typography.Text>
                      </Checkbox>
                    ))}
                  </Flex>
                </CheckboxGroupField>
              )}
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('industrialQuote.section.lines')}</Typography.Title>
        <IndustrialLineList wastes={props.wastes} units={props.units} packingStyles={props.packingStyles} />

        <Form.Item
          name="memo"
          label={t('industrialQuote.field.memo')}
          style={{ marginTop: 16 }}
          rules={[{ max: 512, message: messageText(t, 'max_length_exceeded') }]}
        >
          <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>

        <Typography.Title level={5}>{t('industrialQuote.section.files')}</Typography.Title>
        <Form.Item>
          {attached.length > 0 && (
            <Flex vertical gap={4} style={{ marginBottom: 8 }} data-testid="attached-files">
              {attached.map((a) => (
                <Flex key={a.id} gap={8} align="center">
                  <Typography.Text>{a.fileName}</Typography.Text>
                  <Button
                    type="link"
                    danger
                    size="small"
                    disabled={saving || removeFile.isPending}
                    onClick={() =>
                      confirmDestructive(modal, {
                        title: t('confirm_delete', { name: a.fileName }),
                        onOk: () =>
                          removeFile.mutateAsync(a.id).then(
                            () => setAttached((prev) => prev.filter((x) => x.id !== a.id)),
                            (error: unknown) => void showApiError({ error, t, message }),
                          ),
                      })
                    }
                  >
                    {t('industrialQuote.popup.delete')}
                  </Button>
                </Flex>
              ))}
            </Flex>
          )}
          <PendingFiles
            files={files}
            onChange={setFiles}
            disabled={saving}
            existingNames={attached.map((a) => a.fileName)}
          />
        </Form.Item>

        <Flex gap={8} justify="end">
          <Button onClick={discard} disabled={saving}>
            {t('industrialQuote.discard')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="save-quote-request">
            {t('industrialQuote.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

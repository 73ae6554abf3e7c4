import {
  type Attachment,
  isQuoteRequestEditable,
  type ProjectDetail,
  type QuoteRequestInput,
  quoteRequestSchema,
  requiredString,
} from '@junkan/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Select,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { dropKeptInput, keepInput, readKeptInput } from '../../../components/form/kept-input';
import { PageSpinner } from '../../../components/page-spinner';
import { isApiError } from '../../../lib/api-client';
import { showApiError, zodRule } from '../../../lib/form-errors';
import { setZodIssues } from '../../../lib/form-issues';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { createQuoteRequest } from '../api/create-quote-request';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useDischargerInfo } from '../api/discharger-info';
import { useIndustrialWastes } from '../api/industrial-wastes';
import { usePackingStyles } from '../api/packing-styles';
import { useProjectDetail } from '../api/project-detail';
import { useUnitMeasures } from '../api/unit-measures';
import { updateQuoteRequest } from '../api/update-quote-request';
import { uploadAttachment } from '../api/upload-attachment';
import { IndustrialLineList } from '../components/industrial-line-list';
import { type PendingFile, PendingFiles } from '../components/pending-files';

type LineValues = Record<string, unknown>;
interface FormValues {
  projectTitle?: string;
  memo?: string;
  officeId?: number | null;
  dischargeSiteIds?: number[];
  lines?: LineValues[];
}

const EMPTY: FormValues = { dischargeSiteIds: [], lines: [{ frequency: 'SPOT' }] };

/**
 * The next step after saving: the confirm step, where the discharger sends the request. (The edit step
 * /new-quote-request/edit sends industrial drafts back to this page with ?id=.)
 */
export const confirmStepPath = (id: number) => `/new-quote-request/quotation-request-confirm?id=${id}`;

/** Unsaved input survives a reload: kept per user (and draft) in sessionStorage until it is saved. */
const draftKey = (userId: number | undefined, projectId: number | null) =>
  `junkan.largeGarbageDraft.${userId ?? 'anon'}.${projectId ?? 'new'}`;

/** The form's values from a saved draft (edit mode). */
function fromDetail(d: ProjectDetail): FormValues {
  return {
    projectTitle: d.projectTitle,
    memo: d.memo ?? undefined,
    officeId: d.office?.id ?? null,
    dischargeSiteIds: d.discharges.map((x) => x.id),
    lines: d.pwasteIndustries.map((l) => ({
      wasteId: l.waste.id,
      quantity: l.quantity == null ? undefined : String(l.quantity),
      unitMeasureId: l.measureUnit?.id,
      packingStyleId: l.packing?.id ?? null,
      dimensions: l.dimensions ?? undefined,
      frequency: l.frequency ?? 'SPOT',
      frequencyNumber: l.frequencyNumber,
      transTime: l.transTime ?? undefined,
      wasteDetails: l.wasteDetails ?? undefined,
    })),
  };
}

/** The request body from the form: the industrial type, blank optional texts left out. */
function toRequest(values: FormValues): QuoteRequestInput {
  const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
  return {
    type: 'INDUSTRIAL',
    projectTitle: values.projectTitle ?? '',
    memo: blank(values.memo) as string | undefined,
    officeId: values.officeId ?? null,
    dischargeSiteIds: values.dischargeSiteIds ?? [],
    lines: (values.lines ?? []).map((l) => ({
      ...l,
      dimensions: blank(l.dimensions),
      transTime: blank(l.transTime),
      wasteDetails: blank(l.wasteDetails),
      frequencyNumber: l.frequency === 'SPOT' ? null : (l.frequencyNumber ?? null),
    })) as Extract<QuoteRequestInput, { type: 'INDUSTRIAL' }>['lines'],
  };
}

/**
 * /new-quote-request/large-garbage: the industrial (or bulky) waste quote request. Saving makes a draft
 * (POST /projects), then sends each chosen file to it, then opens the edit step.
 */
export default function LargeGarbageQuotePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const projectId = rawId === null ? null : Number(rawId);
  const validId = projectId === null || (Number.isInteger(projectId) && projectId > 0);
  const info = useDischargerInfo();
  const wastes = useIndustrialWastes();
  const units = useUnitMeasures();
  const packing = usePackingStyles();
  const project = useProjectDetail(validId && projectId ? projectId : 0);
  const queries = projectId ? [info, wastes, units, packing, project] : [info, wastes, units, packing];

  if (!validId) return <Result status="404" title={t('industrialQuote.notFound')} />;
  if (queries.some((q) => q.isPending)) return <PageSpinner />;
  if (projectId && isApiError(project.error) && project.error.status === 404)
    return <Result status="404" title={t('industrialQuote.notFound')} />;
  if (
    project.data &&
    (project.data.type !== 'INDUSTRIAL' || !isQuoteRequestEditable(project.data.projectStatus))
  )
    return (
      <Result
        status="info"
        title={t('industrialQuote.notEditable')}
        extra={
          <Link to={`/project-managment/detail/${project.data.id}`}>{t('industrialQuote.toDetail')}</Link>
        }
      />
    );
  if (!info.data || !wastes.data || !units.data || !packing.data || (projectId && !project.data)) {
    return (
      <Result
        status="warning"
        title={t('industrialQuote.loadFailed')}
        extra={
          <Button type="primary" onClick={() => queries.forEach((q) => void q.refetch())}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <LargeGarbageForm
      key={projectId ?? 'new'}
      project={project.data ?? null}
      info={info.data}
      wastes={wastes.data}
      units={units.data}
      packingStyles={packing.data}
    />
  );
}

type Loaded<T extends { data?: unknown }> = NonNullable<T['data']>;

function LargeGarbageForm(props: {
  project: ProjectDetail | null;
  info: Loaded<ReturnType<typeof useDischargerInfo>>;
  wastes: Loaded<ReturnType<typeof useIndustrialWastes>>;
  units: Loaded<ReturnType<typeof useUnitMeasures>>;
  packingStyles: Loaded<ReturnType<typeof usePackingStyles>>;
}) {
  const { info, project } = props;
  const projectId = project?.id ?? null;
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [saving, setSaving] = useState(false);
  const key = draftKey(session.claims?.userId, projectId);
  const saved = useMemo(() => (project ? fromDetail(project) : EMPTY), [project]);
  const initialValues = useMemo(() => readKeptInput<FormValues>(key) ?? saved, [key, saved]);
  // Files the draft already holds (edit mode); removing one is immediate.
  const [attached, setAttached] = useState<Attachment[]>(project?.attachments ?? []);
  const removeFile = useDeleteAttachment(projectId ?? 0);
  const restored = useRef(initialValues !== saved);
  const hasEdiKey = Boolean(session.claims?.ediKey ?? info.ediConfirmationKey);

  useEffect(() => {
    if (restored.current) void message.info(t('industrialQuote.restored'));
  }, [message, t]);

  const keepDraft = () => keepInput(key, form.getFieldsValue(true));

  const discard = () =>
    modal.confirm({
      title: t('MSG_00_05'),
      onOk: () => {
        dropKeptInput(key);
        form.resetFields();
        form.setFieldsValue({ projectTitle: undefined, memo: undefined, officeId: undefined, ...saved });
        setFiles([]);
      },
    });

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = toRequest({ ...form.getFieldsValue(true), ...values });
    const parsed = quoteRequestSchema.safeParse(body);
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return;
    }
    setSaving(true);
    let id: number;
    try {
      id = projectId ? (await updateQuoteRequest(projectId, body)).id : (await createQuoteRequest(body)).id;
    } catch (error) {
      setSaving(false);
      showApiError({ error, t, message, form, fallbackCode: 'invalid_request' });
      return;
    }
    dropKeptInput(key);
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
                  label: `${o.officeName}（${o.officeAddress}）`,
                }))}
                notFoundContent={t('industrialQuote.noOffices')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="dischargeSiteIds"
              label={t('industrialQuote.field.dischargeSites')}
              rules={[{ required: true, type: 'array', min: 1, message: messageText(t, 'MSG_00_21') }]}
            >
              {info.wastes.length === 0 ? (
                <Typography.Text type="secondary">{t('industrialQuote.noDischargeSites')}</Typography.Text>
              ) : (
                <Checkbox.Group data-testid="discharge-sites">
                  <Flex vertical gap={4}>
                    {info.wastes.map((w) => (
                      <Checkbox key={w.wasteId} value={w.wasteId}>
                        {w.dischargeSitename}
                        <Typography.Text type="secondary">
                          {' '}
                          〒{w.wastePostalCode} {w.wasteAddress}
                          {w.wasteAddress2}
                          {w.wasteAddress3}
                        </Typography.Text>
                      </Checkbox>
                    ))}
                  </Flex>
                </Checkbox.Group>
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
                      modal.confirm({
                        title: t('confirm_delete', { name: a.fileName }),
                        okButtonProps: { danger: true },
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

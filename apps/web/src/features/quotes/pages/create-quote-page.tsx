import type { ProjectDetail } from '@junkan/shared/api/projects';
import type { QuoteSuggestion } from '@junkan/shared/api/quotes';
import { CONTRACT_FORMS } from '@junkan/shared/contract-rules';
import { paths } from '@junkan/shared/paths';
import { App, Button, Card, DatePicker, Flex, Form, Input, Radio, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { dateItemProps, dayPickerProps } from '../../../components/form/date-field';
import { confirmSend } from '../../../components/form-modal';
import { LinkButton } from '../../../components/link-button';
import { PermitCoverageAlert } from '../../../components/permit-coverage-alert';
import { ProjectPageHeader } from '../../../components/project/project-page-header';
import { projectPageState } from '../../../components/project/project-page-state';
import { UploadModal } from '../../../components/upload-modal';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { setZodIssues, showApiError } from '../../../lib/form-errors';
import { currentPunctuation, messageText } from '../../../lib/i18n';
import { useProjectDetail } from '../../../lib/project-data/project-detail';
import { useToast } from '../../../lib/toast';
import { useCreateQuote } from '../api/create-quote';
import { useQuoteSuggestion } from '../api/quote-suggestion';
import { uploadQuoteDocument } from '../api/upload-quote-document';
import { Totals } from '../components/quote-card';
import { QuoteLinesTable } from '../components/quote-lines-table';
import {
  buildQuoteInput,
  initialQuoteValues,
  isPartLine,
  linePriceUnit,
  pricingChangeValues,
  type QuoteFormValues,
  requestLines,
  suggestionsByLine,
  typedQuoteTotals,
} from '../create-quote-values';

/** /project-managment/create-quote/:id: the transporter prices an open request and sends its quote. */
export default function CreateQuotePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const project = useProjectDetail(id);
  const suggestion = useQuoteSuggestion(id);
  const state = projectPageState(id, [project, suggestion], {
    backTo: paths.projectManagement.to(),
    back: t('projects.backToList'),
    failed: t('projects.loadFailed'),
  });
  if (state || !project.data || !suggestion.data) return state;
  if (project.data.projectStatus !== 'REQUEST_QUOTE')
    return (
      <Result
        status="info"
        title={t('quotes.notOpen')}
        extra={<LinkButton to={paths.projectDetail.to(id)}>{t('quotes.backToDetail')}</LinkButton>}
      />
    );
  if (project.data.permitCoverage?.covered === false)
    return (
      <>
        <PermitCoverageAlert coverage={project.data.permitCoverage} own />
        <Result
          status="warning"
          title={t('permits.coverage.quoteBlocked')}
          extra={<LinkButton to={paths.projectDetail.to(id)}>{t('quotes.backToDetail')}</LinkButton>}
        />
      </>
    );
  return <CreateQuoteForm project={project.data} suggestion={suggestion.data} />;
}

function CreateQuoteForm({ project, suggestion }: { project: ProjectDetail; suggestion: QuoteSuggestion }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<QuoteFormValues>();
  const create = useCreateQuote(project.id);
  const [document, setDocument] = useState<File | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const lines = requestLines(project, t);
  const suggested = suggestionsByLine(suggestion);
  const initial = initialQuoteValues(project.type, lines, suggested);
  // Typed prices are not kept across a reload, so leaving with them asks first.
  const guard = useLeaveGuard(false, () => {});
  const contractForm = Form.useWatch('contractForm', form) ?? initial.contractForm;
  const isParts = (i: number) => lines[i] !== undefined && isPartLine(project.type, contractForm, lines[i]);
  const typedLines = Form.useWatch('lines', form) ?? initial.lines;
  const totals = typedQuoteTotals(typedLines, isParts);
  const priceUnit = (i: number) => {
    const line = lines[i]!;
    return linePriceUnit(line, typedLines[i]?.pricing ?? initial.lines[i]?.pricing, suggested.get(line.id));
  };
  // Another basis prices another unit: its quantity starts again from the request, a kg price is not kept.
  const onPricingChange = (i: number, pricing: string) => {
    const line = lines[i]!;
    const { quantity, unitPrice } = pricingChangeValues(line, pricing, suggested.get(line.id));
    form.setFieldValue(['lines', i, 'quantity'], quantity);
    form.setFieldValue(['lines', i, 'unitPrice'], unitPrice);
  };

  const onFinish = (values: QuoteFormValues) => {
    const built = buildQuoteInput(values, project.type, lines, suggested);
    if (!built.ok) return setZodIssues(form, built.issues, t);
    confirmSend(modal, {
      title: t('quotes.submit'),
      content: messageText(t, 'MSG_00_04'),
      send: async () => {
        setSaving(true);
        try {
          await create.mutateAsync(built.input);
          if (document) {
            try {
              await uploadQuoteDocument(project.id, document);
            } catch (error) {
              showApiError({ error, t, message });
            }
          }
          guard.markClean();
          void message.success(t('quotes.submitted'));
          navigate(paths.projectDetail.to(project.id));
        } finally {
          setSaving(false);
        }
      },
      onRefused: (error) => showApiError({ error, t, message, form }),
    });
  };

  return (
    <>
      <ProjectPageHeader
        title={t('quotes.createTitle')}
        backTo={paths.projectDetail.to(project.id)}
        backLabel={t('quotes.backToDetail')}
        projectTitle={project.projectTitle}
        subtitle={`${project.company.name} / ${project.discharges.map((d) => t('common.withNote', { main: d.discharges, note: d.posCode })).join(currentPunctuation().list)}`}
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        onValuesChange={() => guard.markDirty()}
        disabled={saving}
      >
        <Card title={t('quotes.linesTitle')} size="small" style={{ marginBottom: 16 }}>
          {project.type === 'INDUSTRIAL' && (
            <Form.Item
              name="contractForm"
              label={t('quotes.contractForm')}
              extra={
                <>
                  {t('quotes.contractFormHint')}{' '}
                  {/* Underlined: in grey help text, its colour alone does not tell it from the text. */}
                  <Link to={paths.areaPriceSetting.to()} style={{ textDecoration: 'underline' }}>
                    {t('quotes.priceSettingsLink')}
                  </Link>
                </>
              }
            >
              <Radio.Group
                data-testid="quote-contract-form"
                options={CONTRACT_FORMS.map((f) => ({ value: f, label: t(`contracts.form.${f}`) }))}
              />
            </Form.Item>
          )}
          <QuoteLinesTable
            lines={lines}
            suggested={suggested}
            typedLines={typedLines}
            amounts={totals.amounts}
            isParts={isParts}
            priceUnit={priceUnit}
            onPricingChange={onPricingChange}
          />
          <Totals total={totals.totalAmount} withTax={totals.totalWithTax} />
        </Card>
        <Card title={t('quotes.otherTitle')} size="small" style={{ marginBottom: 16 }}>
          <Form.Item name="validUntil" label={t('quotes.validUntil')} {...dateItemProps}>
            <DatePicker {...dayPickerProps} style={{ width: 'auto' }} />
          </Form.Item>
          <Form.Item name="note" label={t('quotes.note')}>
            <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item label={t('quotes.document')} extra={t('quotes.documentHint')}>
            <Space>
              <Button onClick={() => setUploadOpen(true)} data-testid="open-upload">
                {t('quotes.chooseDocument')}
              </Button>
              {document && (
                <>
                  <Typography.Text>{document.name}</Typography.Text>
                  <Button type="link" onClick={() => setDocument(null)}>
                    {t('quotes.removeDocument')}
                  </Button>
                </>
              )}
            </Space>
          </Form.Item>
        </Card>
        <Flex justify="end" gap={8}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('quotes.submit')}
          </Button>
        </Flex>
      </Form>
      <UploadModal
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        title={t('quotes.document')}
        kinds={['pdf']}
        maxCount={1}
        existingNames={document ? [document.name] : []}
        onUpload={async (file) => {
          // Kept here and sent once the quote exists (the document belongs to the quote).
          setDocument(file);
          guard.markDirty();
        }}
      />
    </>
  );
}

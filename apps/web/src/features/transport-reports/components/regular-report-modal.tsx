import type { ProjectListItem } from '@junkan/shared/api/home';
import { volumeSchema } from '@junkan/shared/api/projects';
import { Alert, App, type ButtonProps, Empty, Form, Modal, Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerItemProps } from '../../../components/form/date-field';
import { MonthPicker } from '../../../components/form/day-picker';
import { requiredRule } from '../../../components/form/required-rule';
import { VolumeInput } from '../../../components/form/volume-input';
import { confirmSend, useDiscardGuard } from '../../../components/form-modal';
import { KeptUntilLine } from '../../../components/kept-until';
import { draftNote } from '../../../components/proof/proof-text';
import { ApiError, isApiError } from '../../../lib/api-client';
import { showApiError, showFormIssues, zodRule } from '../../../lib/form-errors';
import { currentJapanYearMonth, punctuationOf } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useRegularProjectsInProgress } from '../api/regular-projects';
import { useRegularReportForm } from '../api/regular-report-form';
import { useSaveRegularReport } from '../api/save-regular-report';
import {
  buildRegularReport,
  type FieldIssue,
  isFutureMonth,
  linesFromForm,
  parseYearMonth,
  type RegularReportFormValues,
  reportFieldMap,
  reportFieldTextKey,
  toYearMonth,
} from '../regular-report-values';

/** The page's projects, and the chosen one first when the page (a search) does not hold it. */
function projectOptions(items: ProjectListItem[], chosen: number | null, labels: Map<number, string>) {
  const options = items.map((p) => ({ value: p.id, label: labels.get(p.id) ?? p.projectTitle }));
  const chosenLabel = chosen != null ? labels.get(chosen) : undefined;
  if (chosen != null && chosenLabel && !items.some((p) => p.id === chosen))
    options.unshift({ value: chosen, label: chosenLabel });
  return options;
}

/** The month picker's form value is YYYY-MM. */
const monthItemProps = pickerItemProps('YYYY-MM');

/**
 * The transporter's monthly report of regular waste (section 2, other popups): a project in progress, a
 * month that has begun, and a weight in kg for each of the project's categories (the others are shown
 * disabled and not sent). Saving replaces an earlier report of the same month.
 */
export function RegularReportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const punctuation = punctuationOf(i18n.language);
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<RegularReportFormValues>();
  const save = useSaveRegularReport();
  const requestClose = useDiscardGuard(form, save.isPending, onClose);
  // More regular projects than one page holds: the search box asks the server instead of filtering the page.
  const [projectKeyword, setProjectKeyword] = useState('');
  const projects = useRegularProjectsInProgress(open, projectKeyword);
  const projectItems = projects.data?.items ?? [];
  const searchOnServer = projectKeyword !== '' || (projects.data?.total ?? 0) > projectItems.length;
  // The chosen project keeps its label while a search shows other ones.
  const projectLabels = useRef(new Map<number, string>());
  for (const p of projectItems)
    projectLabels.current.set(p.id, t('common.withNote', { main: p.projectTitle, note: p.company.name }));
  const now = currentJapanYearMonth();
  const current = toYearMonth(now.year, now.month);

  const projectId = Form.useWatch('projectId', form) ?? null;
  const yearMonth = Form.useWatch('yearMonth', form) ?? null;
  const period = parseYearMonth(yearMonth);
  const target =
    open && projectId && period && yearMonth && !isFutureMonth(yearMonth, current)
      ? { projectId, ...period }
      : null;
  const reportForm = useRegularReportForm(target);
  const infos = target ? (reportForm.data?.listVolume ?? []) : [];
  // The chosen month's collections marked collected, a guide to the weights (shown once the month loads).
  const collectedCount = target ? (reportForm.data?.collectedCount ?? null) : null;
  // A month already reported is a record: the day it is kept until.
  const keptUntil = target ? (reportForm.data?.keptUntil ?? null) : null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      setProjectKeyword('');
    }
  }, [open, form]);

  // Each project and month starts from its reported weights (or 0.00).
  useEffect(() => {
    if (reportForm.data) form.setFieldValue('lines', linesFromForm(reportForm.data.listVolume));
  }, [reportForm.data, form]);

  // A single project needs no choosing.
  const onlyProject = projects.data?.total === 1 && !projectKeyword ? projectItems[0]?.id : undefined;
  useEffect(() => {
    if (open && onlyProject && !form.getFieldValue('projectId')) form.setFieldValue('projectId', onlyProject);
  }, [open, onlyProject, form]);

  const showIssues = (issues: FieldIssue[]) => showFormIssues(form, issues, t, message);

  const showSaveError = (error: unknown) => {
    // The month's codes get month texts; everything else as every form shows it.
    const shown =
      isApiError(error) && error.fields
        ? new ApiError({
            status: error.status,
            code: error.code,
            message: error.serverMessage,
            params: error.params,
            fields: Object.fromEntries(
              Object.entries(error.fields).map(([field, code]) => [field, reportFieldTextKey(field, code)]),
            ),
          })
        : error;
    showApiError({ error: shown, t, message, form, fieldMap: reportFieldMap(infos) });
  };

  const submit = (values: RegularReportFormValues) => {
    const built = buildRegularReport(values, infos);
    if (!built.ok) return showIssues(built.issues);
    confirmSend(modal, {
      title: t('achievements.regularReport.confirmTitle'),
      content: t('MSG_00_04'),
      okText: t('achievements.regularReport.submit'),
      cancelText: t('forms.cancel'),
      send: async () => {
        await save.mutateAsync(built.input);
        void message.success(t('achievements.regularReport.saved'));
        onClose();
      },
      onRefused: showSaveError,
    });
  };

  const formError = target && reportForm.isError ? reportForm.error : null;

  return (
    <Modal
      title={t('achievements.regularReport.title')}
      okText={t('achievements.regularReport.submit')}
      cancelText={t('forms.cancel')}
      open={open}
      width={600}
      onCancel={requestClose}
      confirmLoading={save.isPending}
      okButtonProps={
        {
          htmlType: 'submit',
          // Nothing to send while the categories load or failed to.
          disabled: target !== null && !reportForm.data,
          'data-testid': 'regular-report-submit',
        } as ButtonProps
      }
      cancelButtonProps={{ disabled: save.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(node) => (
        <Form<RegularReportFormValues>
          form={form}
          layout="vertical"
          initialValues={{ yearMonth: current, lines: [] }}
          onFinish={submit}
          disabled={save.isPending}
        >
          {node}
        </Form>
      )}
    >
      <Form.Item name="projectId" label={t('achievements.regularReport.project')} rules={[requiredRule(t)]}>
        <Select<number>
          placeholder={t('achievements.regularReport.projectPlaceholder')}
          loading={projects.isLoading}
          showSearch={
            searchOnServer
              ? { filterOption: false, onSearch: (value) => setProjectKeyword(value.trim()) }
              : { optionFilterProp: 'label' }
          }
          notFoundContent={t('achievements.regularReport.noProjects')}
          options={projectOptions(projectItems, projectId, projectLabels.current)}
        />
      </Form.Item>
      <Form.Item
        name="yearMonth"
        label={t('achievements.regularReport.month')}
        {...monthItemProps}
        extra={
          collectedCount !== null && (
            <>
              <span data-testid="regular-report-collected-count">
                {t('achievements.regularReport.collectedCount', { count: collectedCount })}
              </span>
              {keptUntil && (
                <div>
                  <KeptUntilLine t={t} keptUntil={keptUntil} />
                </div>
              )}
            </>
          )
        }
        rules={[
          requiredRule(t),
          {
            validator: async (_rule, value: string | null) => {
              // The server's code for a month not begun, shown with the month's text.
              if (value && isFutureMonth(value, current))
                throw new Error(t(reportFieldTextKey('month', 'end_date_in_future')));
            },
          },
        ]}
      >
        <MonthPicker
          style={{ width: 160 }}
          disabledDate={(d) => isFutureMonth(d.format('YYYY-MM'), current)}
        />
      </Form.Item>
      <Typography.Text strong>{t('achievements.regularReport.volumes')}</Typography.Text>
      <div style={{ marginTop: 8 }} data-testid="regular-report-lines">
        {!target ? (
          <Typography.Paragraph type="secondary">
            {t('achievements.regularReport.chooseFirst')}
          </Typography.Paragraph>
        ) : formError ? (
          <Alert
            type="error"
            showIcon
            message={messageText(t, isApiError(formError) ? formError.code : 'unknown_error')}
          />
        ) : !reportForm.data ? (
          <Spin />
        ) : infos.length === 0 ? (
          <Empty description={t('achievements.regularReport.noCategories')} />
        ) : (
          infos.map((info, i) => (
            <Form.Item
              key={info.category}
              name={['lines', i, 'volume']}
              label={info.categoryName}
              rules={info.disabled ? [] : [zodRule(volumeSchema, t)]}
              required={!info.disabled}
              extra={
                info.disabled
                  ? t('achievements.regularReport.notInProject')
                  : info.volume === null
                    ? draftNote(info.draft, t, punctuation.list)
                    : undefined
              }
            >
              <VolumeInput disabled={info.disabled} suffix="kg" />
            </Form.Item>
          ))
        )}
      </div>
    </Modal>
  );
}

import { Alert, App, type ButtonProps, Flex, Form, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmSend, useDiscardGuard } from '../../../components/form-modal';
import { isApiError } from '../../../lib/api-client';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useCreateIndustrialReport, useIndustrialReportOptions } from '../api/industrial-report';
import {
  buildIndustrialReport,
  INDUSTRIAL_FORM_DEFAULTS,
  type IndustrialFormField,
  type IndustrialReportFormValues,
  type IndustrialReportPreset,
  presetFields,
  valuablesWithoutTransshipment,
} from '../industrial-report-values';
import { IndustrialReportFields } from './industrial-report-fields';

/**
 * The transporter's report of completed industrial transport (section 2, other popups; section 5): a
 * project in progress (its discharger is sent with it), collection date, waste, transport end date between
 * the collection date and today, an optional manifest (chosen from the project's or typed, 11 digits),
 * volumes, people and disposal method. Asks before sending, and before throwing typed input away.
 */
export function IndustrialReportModal({
  open,
  onClose,
  preset,
}: {
  open: boolean;
  onClose: () => void;
  /** A collection being reported: its project (when still reportable) and collection date filled in. */
  preset?: IndustrialReportPreset | null;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<IndustrialReportFormValues>();
  const create = useCreateIndustrialReport();
  const requestClose = useDiscardGuard(form, create.isPending, onClose);
  const options = useIndustrialReportOptions(open);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  // A single project needs no choosing.
  const onlyProject = options.data?.projects.length === 1 ? options.data.projects[0]?.id : undefined;
  useEffect(() => {
    if (open && onlyProject && !form.getFieldValue('projectId')) form.setFieldValue('projectId', onlyProject);
  }, [open, onlyProject, form]);

  // A collection's report starts from its project and date once the options say the project is reportable.
  const ready = open ? presetFields(preset, options.data) : null;
  const presetProject = ready?.projectId;
  const presetDate = ready?.collectTime;
  useEffect(() => {
    if (!presetProject || !presetDate) return;
    const fill = presetFields(
      { projectId: presetProject, collectTime: presetDate },
      options.data,
      form.getFieldsValue(['projectId', 'collectTime']),
    );
    if (fill) form.setFieldsValue(fill);
  }, [presetProject, presetDate, options.data, form]);

  const showIssues = (issues: { name: IndustrialFormField | null; code: string }[]) =>
    showFormIssues(form, issues, t, message);

  const submit = (values: IndustrialReportFormValues) => {
    if (!options.data) return;
    const built = buildIndustrialReport(values, options.data);
    if (!built.ok) return showIssues(built.issues);
    // Valuables on a route without transshipment storage: said before saving, not refused.
    const warn = valuablesWithoutTransshipment(built.input, options.data);
    confirmSend(modal, {
      title: t('achievements.industrialReport.confirmTitle'),
      content: warn ? (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ margin: '8px 0' }}
            data-testid="valuables-transshipment-warning"
            title={messageText(t, 'valuables_without_transshipment')}
            description={t('achievements.industrialReport.valuablesWarningHint')}
          />
          {t('MSG_00_04')}
        </>
      ) : (
        t('MSG_00_04')
      ),
      okText: t('achievements.industrialReport.submit'),
      cancelText: t('forms.cancel'),
      send: async () => {
        await create.mutateAsync(built.input);
        void message.success(t('achievements.industrialReport.saved'));
        onClose();
      },
      onRefused: (error) =>
        showApiError({ error, t, message, form, fieldMap: { dischargerId: ['projectId'] } }),
    });
  };

  return (
    <Modal
      title={t('achievements.industrialReport.title')}
      okText={t('achievements.industrialReport.submit')}
      cancelText={t('forms.cancel')}
      open={open}
      width={720}
      onCancel={requestClose}
      confirmLoading={create.isPending}
      okButtonProps={
        {
          htmlType: 'submit',
          disabled: !options.data,
          'data-testid': 'industrial-report-submit',
        } as ButtonProps
      }
      cancelButtonProps={{ disabled: create.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(node) => (
        <Form<IndustrialReportFormValues>
          form={form}
          layout="vertical"
          initialValues={INDUSTRIAL_FORM_DEFAULTS}
          onFinish={submit}
          disabled={create.isPending}
        >
          {node}
        </Form>
      )}
    >
      {options.isError ? (
        <Alert
          type="error"
          showIcon
          title={messageText(t, isApiError(options.error) ? options.error.code : 'unknown_error')}
        />
      ) : !options.data ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <IndustrialReportFields form={form} options={options.data} />
      )}
    </Modal>
  );
}

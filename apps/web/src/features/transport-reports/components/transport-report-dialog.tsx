import type { ReportActionResponse, TransportReport } from '@junkan/shared/api/transport-reports';
import {
  type ReportDialogAction,
  type ReportDialogMode,
  reportDialogActions,
  reportDialogMode,
  reportDialogTitleKey,
  reportDialogWidth,
} from '@junkan/shared/report-rules';
import { changedFields } from '@junkan/shared/rules/report-values';
import { App, Button, Flex, Form, type FormInstance, Modal, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDiscard, confirmSend } from '../../../components/form-modal';
import { isApiError } from '../../../lib/api-client';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useDisposalMethods } from '../../../lib/reference-data/disposal-methods';
import { useToast } from '../../../lib/toast';
import { type ReportCallAction, useReportAction, useTransportReport } from '../api/transport-report';
import { isCountUnitId } from '../industrial-report-values';
import {
  actionDoneKey,
  buildCorrection,
  type CorrectionFormValues,
  confirmTexts,
  correctionFormValues,
  japanDateOf,
  manifestStateWarning,
  serverNow,
  withTypedVolume,
} from '../transport-report-values';
import { correctionEditors } from './correction-editors';
import { useFocusBack, useFocusKept } from './dialog-focus';
import { ReportActionButton } from './report-action-button';
import { ReportStatusLines } from './report-status-lines';
import { ReportValuesTable } from './report-values-table';
import { useTickingClock } from './use-ticking-clock';

/**
 * The transport report dialog (section 2): one industrial report for the transporter (report, correct,
 * cancel, acknowledge a rejection) or the discharger (approve or reject a correction or a deletion
 * request). Mode, title, width and buttons come from the shared report rules, judged on the server's clock.
 */
export function TransportReportDialog({
  open,
  reportId,
  isTransport,
  onClose,
}: {
  open: boolean;
  reportId: number | null;
  isTransport: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useTransportReport(isTransport, reportId, open);
  const report = query.data;
  const focusBack = useFocusBack(open);

  if (!report || reportId === null)
    return (
      <Modal
        {...focusBack}
        open={open}
        title={t('reportDialog.title.report')}
        width={600}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t('reportDialog.close')}</Button>}
        destroyOnHidden
      >
        {query.isError ? (
          <Result
            status="warning"
            title={messageText(t, isApiError(query.error) ? query.error.code : 'unknown_error')}
            extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        )}
      </Modal>
    );

  return (
    <LoadedDialog
      open={open}
      report={report}
      receivedAt={query.dataUpdatedAt}
      isTransport={isTransport}
      onClose={onClose}
      onStale={() => void query.refetch()}
      focusBack={focusBack}
    />
  );
}

function LoadedDialog({
  open,
  report,
  receivedAt,
  isTransport,
  onClose,
  onStale,
  focusBack,
}: {
  open: boolean;
  report: TransportReport;
  receivedAt: number;
  isTransport: boolean;
  onClose: () => void;
  /** The server refused for a reason that may mean the report changed meanwhile: read it again. */
  onStale: () => void;
  focusBack: ReturnType<typeof useFocusBack>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<CorrectionFormValues>();
  const [editing, setEditing] = useState(false);
  const { footerStart, keepFocusIn } = useFocusKept(report);
  const action = useReportAction(isTransport, report.id);
  const methods = useDisposalMethods(open);
  const clientNow = useTickingClock();
  const role = isTransport ? 'TRANSPORT' : 'WASTE';

  const now = serverNow(report.checkedAt, receivedAt, clientNow);
  const today = japanDateOf(now);
  const openingMode = reportDialogMode(report, role);
  // Editing exists only from the editable mode; a report that changed meanwhile leaves it.
  const mode: ReportDialogMode = editing && openingMode === 'EDITABLE' ? 'EDITING' : openingMode;
  const typedVolume = Form.useWatch('lastTransportVolume', form);
  const typedUnit = Form.useWatch('lastTransportVolumeUnit', form);
  const countUnit = mode === 'EDITING' && isCountUnitId(report.units, typedUnit);
  const rulesReport = mode === 'EDITING' ? withTypedVolume(report, typedVolume) : report;
  const actions = reportDialogActions(rulesReport, role, mode, now);
  const changed = useMemo(() => new Set(mode === 'APPROVAL' ? changedFields(report) : []), [mode, report]);
  const manifestState = manifestStateWarning(actions);

  // A count unit has no valuables (section 5).
  useEffect(() => {
    if (countUnit) form.setFieldsValue({ lastValuablesCollected: '0.00', lastValuablesCollectedUnit: null });
  }, [countUnit, form]);

  const onDone = (response: ReportActionResponse, done: ReportCallAction) => {
    if (response.outcome === 'DELETED') {
      void message.success(t(actionDoneKey(done, true)));
      onClose();
      return;
    }
    setEditing(false);
    if (response.outcome === 'AWAITING_APPROVAL') void message.info(t('MSG_21_9'));
    else void message.success(t(actionDoneKey(done, false)));
  };

  const send = (
    done: ReportCallAction,
    item: ReportDialogAction | undefined,
    values?: CorrectionFormValues,
  ) => {
    let body: ReturnType<typeof buildCorrection> | null = null;
    if (done === 'FIX') {
      body = buildCorrection(values ?? {}, report, today);
      if (!body.ok) {
        showFormIssues(form, body.issues, t, message);
        return;
      }
    }
    const texts = confirmTexts(done, item?.variant, report.isSyncedJWNet);
    confirmSend(modal, {
      title: t(texts.title),
      content: t(texts.content),
      okText: t(texts.ok),
      okButtonProps: { danger: texts.danger, autoInsertSpace: false },
      cancelText: t('forms.cancel'),
      // Enter must not send by accident.
      focusable: { autoFocusButton: 'cancel' },
      afterClose: keepFocusIn,
      send: async () => {
        const response = await action.mutateAsync({
          action: done,
          body: body?.ok ? body.input : undefined,
        });
        onDone(response, done);
      },
      onRefused: (error) => {
        const code = showApiError({
          error,
          t,
          message,
          form: done === 'FIX' ? (form as FormInstance) : undefined,
        });
        // A refusal about the report's state or the network: show the report as it is now.
        if (code && !(isApiError(error) && error.fields)) onStale();
      },
    });
  };

  const onAction = (item: ReportDialogAction) => {
    if (item.action === 'FIX_REPORT') {
      form.setFieldsValue(correctionFormValues(report));
      setEditing(true);
      return;
    }
    if (item.action === 'FIX') {
      form.submit();
      return;
    }
    send(item.action, item);
  };

  const leaveEditing = () => {
    if (!form.isFieldsTouched()) return setEditing(false);
    confirmDiscard(modal, t, { onOk: () => setEditing(false) });
  };

  const requestClose = () => {
    if (action.isPending) return;
    if (mode === 'EDITING' && form.isFieldsTouched()) return confirmDiscard(modal, t, { onOk: onClose });
    onClose();
  };

  const fixAction = actions.find((a) => a.action === 'FIX');

  return (
    <Modal
      {...focusBack}
      open={open}
      title={t(reportDialogTitleKey(mode, report))}
      width={reportDialogWidth(mode)}
      onCancel={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8} wrap>
          {mode === 'EDITING' ? (
            <Button ref={footerStart} onClick={leaveEditing} disabled={action.isPending}>
              {t('reportDialog.stopEditing')}
            </Button>
          ) : (
            <Button ref={footerStart} onClick={requestClose} disabled={action.isPending}>
              {t('reportDialog.close')}
            </Button>
          )}
          {actions.map((item) => (
            <ReportActionButton
              key={item.action}
              item={item}
              loading={action.isPending && action.variables?.action === item.action}
              disabled={action.isPending}
              onClick={() => onAction(item)}
            />
          ))}
        </Flex>
      }
    >
      <ReportStatusLines report={report} actions={actions} isDischarger={!isTransport} />
      <Form<CorrectionFormValues>
        form={form}
        layout="vertical"
        component={mode === 'EDITING' ? 'form' : false}
        onFinish={(values) => send('FIX', fixAction, values)}
        disabled={action.isPending}
      >
        <ReportValuesTable
          report={report}
          twoColumns={mode === 'REVIEW' || mode === 'APPROVAL' || mode === 'EDITING'}
          changed={changed}
          disposalMethods={methods.data ?? []}
          manifestNote={
            manifestState ? (
              <Typography.Text type="warning" data-testid={`report-manifest-state-${manifestState}`}>
                {messageText(t, manifestState)}
              </Typography.Text>
            ) : undefined
          }
          editors={
            mode === 'EDITING'
              ? correctionEditors({
                  t,
                  units: report.units,
                  disposalMethods: methods.data ?? [],
                  countUnit,
                  collectTime: report.collectTime,
                  today,
                })
              : undefined
          }
        />
      </Form>
    </Modal>
  );
}

import type { TransportReport } from '@junkan/shared/api/transport-reports';
import type { ReportDialogAction } from '@junkan/shared/report-rules';
import { Alert, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeptUntilValue } from '../../../components/kept-until';
import { ReportStatusTag } from '../../../components/report-status-tag';
import { formatPlainDate } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { networkWarnings } from '../transport-report-values';

/**
 * Above the values: the status, the transport-end report deadline (tagged when due soon or overdue), the day the
 * report is kept until, the network's refusal (its message code's text) and pending work, valuables reported on
 * a route without transshipment storage (to the transporter), and why the buttons are disabled (section 8's
 * dialog warnings; the manifest's own state shows under its number in the values).
 */
export function ReportStatusLines({
  report,
  actions,
  isDischarger,
}: {
  report: TransportReport;
  actions: readonly ReportDialogAction[];
  isDischarger: boolean;
}) {
  const { t } = useTranslation();
  const warnings = networkWarnings(actions);
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Flex gap={16} wrap align="center" data-testid="report-dialog-summary">
        <Typography.Text type="secondary">
          {t('reportDialog.discharger')}: {report.wasteCompanyName}
        </Typography.Text>
        <span>
          <Typography.Text type="secondary">{t('reportDialog.deadline')}: </Typography.Text>
          {formatPlainDate(report.deadline)}{' '}
          {report.deadlineState !== 'OK' && (
            <Tag color={report.deadlineState === 'OVERDUE' ? 'red' : 'orange'}>
              {t(`reportDialog.deadlineState.${report.deadlineState}`)}
            </Tag>
          )}
        </span>
        <span>
          <Typography.Text type="secondary">{t('common.keptUntilLabel')}: </Typography.Text>
          <KeptUntilValue t={t} keptUntil={report.keptUntil} />
        </span>
        <ReportStatusTag status={report.status} isDischarger={isDischarger} />
        {report.isSyncedJWNet && <Tag color="blue">{t('reportDialog.synced')}</Tag>}
      </Flex>
      {report.jwnetPending && (
        <Typography.Text type="secondary" data-testid="report-jwnet-pending">
          {t('reportDialog.jwnetPending')}
        </Typography.Text>
      )}
      {report.jwnetRefusal && (
        <Alert
          type="warning"
          showIcon
          title={t('reportDialog.jwnetError')}
          description={
            <>
              <div data-testid="report-jwnet-refusal">{messageText(t, report.jwnetRefusal)}</div>
              {actions.some((a) => a.action === 'RESEND') && (
                <Typography.Text type="secondary">{t('reportDialog.jwnetResendHint')}</Typography.Text>
              )}
            </>
          }
          data-testid="report-jwnet-error"
        />
      )}
      {/* Flagged to the transporter, whose permits and report it is about. */}
      {!isDischarger && report.valuablesWithoutTransshipment && (
        <Alert
          type="warning"
          showIcon
          title={t('reportDialog.valuablesWithoutTransshipment')}
          data-testid="report-valuables-without-transshipment"
        />
      )}
      {warnings.map((code) => (
        <Alert
          key={code}
          type="warning"
          showIcon
          title={messageText(t, code)}
          data-testid={`report-warning-${code}`}
        />
      ))}
    </Flex>
  );
}

import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../lib/permissions';

/**
 * Shown above every page of a transporter whose company is not approved (issue 5): why requests, projects and
 * areas are missing from its menu, and a way to look again once the administrator has decided.
 */
export function TransportApprovalBanner() {
  const { t } = useTranslation();
  const { transportApproval, refetch, isLoading } = usePermissions();
  if (transportApproval !== 'PENDING' && transportApproval !== 'REJECTED') return null;
  const pending = transportApproval === 'PENDING';
  return (
    <Alert
      data-testid="transport-approval-banner"
      type={pending ? 'warning' : 'error'}
      showIcon
      style={{ marginBottom: 16 }}
      title={t(pending ? 'approvalBanner.pendingTitle' : 'approvalBanner.rejectedTitle')}
      description={
        <>
          <p style={{ margin: 0 }}>
            {t(pending ? 'approvalBanner.pendingDescription' : 'approvalBanner.rejectedDescription')}
          </p>
          {/* Below the text, not beside it: on a phone a side button would squeeze the text to a column. */}
          {pending && (
            <Button
              size="small"
              style={{ marginTop: 8 }}
              loading={isLoading}
              onClick={() => void refetch()}
              data-testid="transport-approval-recheck"
            >
              {t('approvalBanner.recheck')}
            </Button>
          )}
        </>
      }
    />
  );
}

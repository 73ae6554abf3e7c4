import { SwapOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../lib/account-info';
import { useSession } from '../../lib/use-session';
import { roleLabelKey } from './role-badge';
import { useOperatorSwitch } from './use-operator-switch';

/**
 * A slim bar above every page while an administrator acts for an operator: for whom it acts, and the way back
 * to the selection. Changes made here are the operator's, so the name must never be out of sight.
 */
export function ActingOperatorBanner() {
  const { roles, adminId } = useSession();
  if (adminId === null || !roles.includes('ADMIN')) return null;
  return <ActingBar isTransport={roles.includes('TRANSPORT')} roles={roles} adminId={adminId} />;
}

function ActingBar({
  isTransport,
  roles,
  adminId,
}: {
  isTransport: boolean;
  roles: readonly string[];
  adminId: number;
}) {
  const { t } = useTranslation();
  const account = useAccountInfo(isTransport);
  const switchOperator = useOperatorSwitch();
  // Until the name arrives (or if it cannot), the operator's kind still says that this is not the admin's own view.
  const company = account.data?.companyName ?? t(roleLabelKey(roles, adminId));
  return (
    <Flex
      data-testid="acting-operator-banner"
      role="status"
      align="center"
      justify="space-between"
      gap={8}
      wrap
      style={{
        marginBottom: 12,
        padding: '4px 12px',
        background: '#fff7e6',
        border: '1px solid #ffd591',
        borderRadius: 6,
      }}
    >
      <Typography.Text strong data-testid="acting-operator-name" style={{ minWidth: 0 }}>
        {t('layout.actingAs', { company })}
      </Typography.Text>
      <Button
        size="small"
        icon={<SwapOutlined />}
        data-testid="acting-operator-switch"
        onClick={switchOperator}
      >
        {t('layout.switchOperator')}
      </Button>
    </Flex>
  );
}

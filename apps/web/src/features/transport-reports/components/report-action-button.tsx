import type { ReportDialogAction } from '@junkan/shared/report-rules';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import { reportActionLook } from '../transport-report-values';

/** A report action's button; a disabled one tells why in its tooltip. */
export function ReportActionButton({
  item,
  loading,
  disabled,
  onClick,
}: {
  item: ReportDialogAction;
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const look = reportActionLook(item.action);
  return (
    <Tooltip title={!item.enabled && item.reason ? messageText(t, item.reason) : undefined}>
      <Button
        type={look.primary ? 'primary' : 'default'}
        autoInsertSpace={false}
        danger={look.danger}
        disabled={!item.enabled || disabled}
        loading={loading}
        onClick={onClick}
        data-testid={`report-action-${item.action}`}
      >
        {t(`reportDialog.action.${item.action}`)}
      </Button>
    </Tooltip>
  );
}

import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form';

/**
 * A button that opens the password change in a drawer, for a screen outside the office's layout (the driver's
 * phone). It needs the server: `disabled` while offline, with `disabledReason` said beside it.
 */
export function ChangePasswordDrawer({
  disabled,
  disabledReason,
}: {
  disabled: boolean;
  disabledReason: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="large"
        onClick={() => setOpen(true)}
        disabled={disabled}
        title={disabled ? disabledReason : undefined}
        data-testid="change-password-open"
      >
        {t('menu.changePassword')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('menu.changePassword')}
        placement="right"
        size="min(100vw, 560px)"
        destroyOnHidden
        data-testid="change-password-drawer"
      >
        <ChangePasswordForm onChanged={() => setOpen(false)} />
      </Drawer>
    </>
  );
}

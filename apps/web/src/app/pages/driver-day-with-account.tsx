import { useTranslation } from 'react-i18next';
import { ChangePasswordDrawer } from '../../features/auth/components/change-password-drawer';
import DriverDayPage from '../../features/driver-day/pages/driver-day-page';

/** /driver: the driver's day, with the account's password change below it (it needs the server). */
export default function DriverDayWithAccount() {
  const { t } = useTranslation();
  return (
    <DriverDayPage
      accountTools={(online) => (
        <ChangePasswordDrawer disabled={!online} disabledReason={t('driverDay.shell.needsConnection')} />
      )}
    />
  );
}

import { paths } from '@junkan/shared/paths';
import { useNavigate } from 'react-router';
import { useCompanyFilter } from '../../lib/company-filter';
import { clearSession, redirectToLogin, restoreAdminToken } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/** Back to /account-selection: an acting admin gets the admin's own token back first. */
export function useOperatorSwitch() {
  const session = useSession();
  const navigate = useNavigate();
  const { setCompanyId } = useCompanyFilter();
  return () => {
    setCompanyId('ALL');
    if (session.adminId !== null) {
      if (!restoreAdminToken()) {
        clearSession();
        redirectToLogin();
        return;
      }
    }
    navigate(paths.accountSelection.to());
  };
}

import type { Role } from '@junkan/shared/enums';
import { paths } from '@junkan/shared/paths';

export const ACCOUNT_MASTER_PATH = paths.accountMaster.path;

/** The update page of an account, by role (admin accounts are not edited in the master). */
export function accountUpdatePath(user: { id: number; role: Role }): string | null {
  if (user.role === 'WASTE') return paths.accountMasterUpdate.to(user.id);
  if (user.role === 'TRANSPORT') return paths.accountMasterTransUpdate.to(user.id);
  return null;
}

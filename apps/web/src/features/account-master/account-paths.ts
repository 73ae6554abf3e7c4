import type { Role } from '@junkan/shared';

export const ACCOUNT_MASTER_PATH = '/account-master';

/** The update page of an account, by role (admin accounts are not edited in the master). */
export function accountUpdatePath(user: { id: number; role: Role }): string | null {
  if (user.role === 'WASTE') return `${ACCOUNT_MASTER_PATH}/update/${user.id}`;
  if (user.role === 'TRANSPORT') return `${ACCOUNT_MASTER_PATH}/trans/update/${user.id}`;
  return null;
}

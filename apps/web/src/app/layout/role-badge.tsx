import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/use-session';

/** Primary role label; an admin acting for an operator shows both. */
export function roleLabelKey(roles: readonly string[], adminId: number | null): string {
  if (roles.includes('ADMIN')) {
    if (adminId !== null && roles.includes('WASTE')) return 'role.ADMIN_AS_WASTE';
    if (adminId !== null && roles.includes('TRANSPORT')) return 'role.ADMIN_AS_TRANSPORT';
    return 'role.ADMIN';
  }
  if (roles.includes('TRANSPORT')) return 'role.TRANSPORT';
  return 'role.WASTE';
}

const COLORS: Record<string, string> = {
  'role.ADMIN': 'volcano',
  'role.ADMIN_AS_WASTE': 'volcano',
  'role.ADMIN_AS_TRANSPORT': 'volcano',
  'role.TRANSPORT': 'blue',
  'role.WASTE': 'green',
};

export function RoleBadge() {
  const { t } = useTranslation();
  const { roles, adminId } = useSession();
  const key = roleLabelKey(roles, adminId);
  return (
    <Tag data-testid="role-badge" color={COLORS[key]} style={{ marginInlineEnd: 0 }}>
      {t(key)}
    </Tag>
  );
}

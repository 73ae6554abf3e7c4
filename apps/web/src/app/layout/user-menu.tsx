import { KeyOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Popover, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../lib/permissions';
import { signOut } from '../../lib/sign-out';
import { useSession } from '../../lib/use-session';
import { APP_PAGES, isPageShown } from '../route-table';
import { useOperatorSwitch } from './use-operator-switch';

const ICONS: Record<string, ReactNode> = {
  account: <UserOutlined />,
  accountTrans: <UserOutlined />,
  changePassword: <KeyOutlined />,
  areaPriceSetting: <SettingOutlined />,
};

/** `compact`: the phone header shows the icon only; the address heads the popover. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { has } = usePermissions();
  const switchOperator = useOperatorSwitch();
  const [open, setOpen] = useState(false);
  const isAdmin = session.roles.includes('ADMIN');

  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };
  const items = APP_PAGES.filter((p) => p.userMenu && isPageShown(p, has, session));

  const content = (
    <Flex vertical style={{ minWidth: 220 }}>
      <Typography.Text type="secondary" style={{ padding: '4px 8px' }}>
        {session.claims?.sub}
      </Typography.Text>
      <Divider style={{ margin: '4px 0' }} />
      {items.map((p) => (
        <Button
          key={p.key}
          type="text"
          icon={ICONS[p.key]}
          style={{ justifyContent: 'flex-start' }}
          data-testid={`user-menu-${p.key}`}
          onClick={() => go(p.path)}
        >
          {t(`menu.${p.key}`)}
        </Button>
      ))}
      {isAdmin && (
        <Button
          type="text"
          icon={<SwapOutlined />}
          style={{ justifyContent: 'flex-start' }}
          data-testid="user-menu-operator-selection"
          onClick={() => {
            setOpen(false);
            switchOperator();
          }}
        >
          {t('menu.accountSelection')}
        </Button>
      )}
      <Divider style={{ margin: '4px 0' }} />
      <Button
        type="text"
        danger
        icon={<LogoutOutlined />}
        style={{ justifyContent: 'flex-start' }}
        data-testid="logout"
        onClick={() => {
          setOpen(false);
          void signOut();
        }}
      >
        {t('layout.logout')}
      </Button>
    </Flex>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button data-testid="user-menu" type="text" icon={<UserOutlined />} aria-label={t('layout.userMenu')}>
        {!compact && <span className="junkan-user-name">{session.claims?.sub}</span>}
      </Button>
    </Popover>
  );
}

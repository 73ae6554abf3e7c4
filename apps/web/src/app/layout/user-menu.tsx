import {
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
  VerifiedOutlined,
} from '@ant-design/icons';
import { paths } from '@junkan/shared/paths';
import { Button, Divider, Flex, Popover, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../lib/permissions';
import { signOut } from '../../lib/sign-out';
import { useSession } from '../../lib/use-session';
import { APP_PAGES, isPageShown } from '../route-table';
import { useOperatorSwitch } from './use-operator-switch';

/** Decoration beside each label, hidden from screen readers (they would read the icon's English name first). */
const ICONS: Record<string, ReactNode> = {
  account: <UserOutlined aria-hidden />,
  accountTrans: <UserOutlined aria-hidden />,
  changePassword: <KeyOutlined aria-hidden />,
  areaPriceSetting: <SettingOutlined aria-hidden />,
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
  // The panel sits at the end of the page, far from its button in the Tab order: once open, focus goes to its
  // first entry, and Escape closes it with focus back on the button.
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusFirstEntry = (isOpen: boolean) => {
    if (isOpen) panel.current?.querySelector<HTMLElement>('button')?.focus();
  };

  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };
  const items = APP_PAGES.filter((p) => p.userMenu && isPageShown(p, has, session));

  const content = (
    <Flex
      ref={panel}
      vertical
      style={{ minWidth: 220 }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        setOpen(false);
        trigger.current?.focus();
      }}
    >
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
          icon={<SwapOutlined aria-hidden />}
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
      <Button
        type="text"
        icon={<VerifiedOutlined aria-hidden />}
        style={{ justifyContent: 'flex-start' }}
        data-testid="user-menu-accessibility"
        onClick={() => go(paths.accessibility.to())}
      >
        {t('layout.accessibility')}
      </Button>
      <Divider style={{ margin: '4px 0' }} />
      <Button
        type="text"
        danger
        icon={<LogoutOutlined aria-hidden />}
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
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      afterOpenChange={focusFirstEntry}
    >
      <Button
        ref={trigger}
        aria-expanded={open}
        data-testid="user-menu"
        type="text"
        icon={<UserOutlined aria-hidden />}
        aria-label={t('layout.userMenu')}
      >
        {!compact && <span className="junkan-user-name">{session.claims?.sub}</span>}
      </Button>
    </Popover>
  );
}

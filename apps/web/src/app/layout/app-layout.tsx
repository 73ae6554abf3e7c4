import { MenuOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Drawer, Flex, Layout, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { PageSpinner } from '../../components/page-spinner';
import { SkipLink } from '../../components/skip-link';
import { TransportApprovalBanner } from '../../components/transport-approval-banner';
import { AntdScope } from '../../lib/antd-scope';
import { MAIN_CONTENT_ID } from '../../lib/main-content';
import { usePermissions } from '../../lib/permissions';
import { useSessionWatcher } from '../../lib/use-session-watcher';
import { ActingOperatorBanner } from './acting-operator-banner';
import css from './app-layout.module.css';
import { Breadcrumbs } from './breadcrumbs';
import { CompanySelect } from './company-select';
import { RequirePermission } from './require-permission';
import { RoleBadge } from './role-badge';
import { SessionExpiryDialog } from './session-expiry-dialog';
import { SideMenu } from './side-menu';
import { useFocusMainOnNavigation } from './use-focus-main-on-navigation';
import { useIsCompact } from './use-is-compact';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 56;
const MENU_WIDTH = 232;

// Its own chunk: only dischargers load it.
const ChatWidget = lazy(() => import('../../features/chat/components/chat-widget'));

/** Signed-in shell: antd theme and locale (not in the app's providers, see providers.tsx), antd App (modals). */
export default function AppLayout() {
  return (
    <AntdScope>
      <AntApp component={false}>
        <AppShell />
      </AntApp>
    </AntdScope>
  );
}

/**
 * Skip link, fixed header, side menu (a labelled nav), main content with breadcrumbs and page; session watch and
 * its warning (section 9). Below 992px (lg) the header is compact (menu button, logo, user menu) and the menu,
 * role, company and language sit in a drawer. A change of page moves focus to the main content.
 */
function AppShell() {
  const sessionWarning = useSessionWatcher();
  const { t } = useTranslation();
  const isCompact = useIsCompact();
  const { pathname, search } = useLocation();
  // A page chosen in the drawer closes it, and focus then goes to the new page rather than back to the menu
  // button (`byPage`); growing back to the wide layout closes it too.
  const [drawer, setDrawer] = useState({ isOpen: false, byPage: false });
  const drawerOpen = isCompact && drawer.isOpen;
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on a change of page
  useEffect(() => setDrawer((d) => (d.isOpen ? { isOpen: false, byPage: true } : d)), [pathname]);
  useEffect(() => {
    if (!isCompact) setDrawer({ isOpen: false, byPage: false });
  }, [isCompact]);
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(main, drawerOpen);
  // The drawer focuses its outer frame, outside its dialog: focus goes into the dialog, which a reader then names.
  const drawerPanel = useRef<HTMLDivElement>(null);
  const focusDrawer = (open: boolean) => {
    const panel = drawerPanel.current;
    if (!open || !panel || panel.contains(document.activeElement)) return;
    panel.tabIndex = -1;
    panel.focus();
  };
  // Section 6: dischargers (not an admin acting for one) get the chat while signed in; its launcher sits in the
  // header, so it never covers a page's controls.
  const hasChat = usePermissions().has('CHAT');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink main={main} />
      <Layout.Header
        style={{
          position: 'fixed',
          top: 0,
          insetInline: 0,
          zIndex: 100,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          paddingInline: isCompact ? 8 : 16,
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Flex align="center" justify="space-between" gap={isCompact ? 4 : 12} style={{ height: '100%' }}>
          <Flex align="center" gap={isCompact ? 4 : 12} style={{ minWidth: 0 }}>
            {isCompact && (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('layout.openMenu')}
                aria-expanded={drawerOpen}
                data-testid="menu-button"
                onClick={() => setDrawer({ isOpen: true, byPage: false })}
              />
            )}
            <Typography.Text strong style={{ fontSize: 20, color: '#1f7a4d', whiteSpace: 'nowrap' }}>
              junkan
            </Typography.Text>
            {!isCompact && <RoleBadge />}
          </Flex>
          <Flex align="center" gap={isCompact ? 4 : 12} style={{ minWidth: 0 }}>
            {hasChat && (
              <Suspense fallback={null}>
                <ChatWidget top={HEADER_HEIGHT} compact={isCompact} />
              </Suspense>
            )}
            {!isCompact && <CompanySelect />}
            {!isCompact && <LanguageSelect />}
            <UserMenu compact={isCompact} />
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout style={{ marginTop: HEADER_HEIGHT }}>
        {isCompact ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawer({ isOpen: false, byPage: false })}
            focusable={{ focusTriggerAfterClose: !drawer.byPage }}
            panelRef={drawerPanel}
            afterOpenChange={focusDrawer}
            size={MENU_WIDTH + 32}
            title={<RoleBadge />}
            styles={{ body: { padding: 0 } }}
          >
            <Flex vertical gap={12} style={{ padding: '12px 16px' }}>
              <CompanySelect block />
              <LanguageSelect />
            </Flex>
            <nav aria-label={t('layout.mainMenu')}>
              <SideMenu />
            </nav>
          </Drawer>
        ) : (
          <Layout.Sider
            theme="light"
            width={MENU_WIDTH}
            style={{
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              borderRight: '1px solid #f0f0f0',
            }}
          >
            <nav aria-label={t('layout.mainMenu')} style={{ height: '100%', overflowY: 'auto' }}>
              <SideMenu />
            </nav>
          </Layout.Sider>
        )}
        <Layout.Content
          ref={main}
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={css.content}
          // The page on screen: the router keeps the previous page shown while the next one loads.
          data-path={`${pathname}${search}`}
          style={{
            padding: isCompact ? 12 : 24,
            minWidth: 0,
          }}
        >
          <ActingOperatorBanner />
          <Breadcrumbs />
          <TransportApprovalBanner />
          <Suspense fallback={<PageSpinner />}>
            <RequirePermission>
              <Outlet />
            </RequirePermission>
          </Suspense>
        </Layout.Content>
      </Layout>
      <SessionExpiryDialog {...sessionWarning} />
    </Layout>
  );
}

import { App as AntApp, Flex, Layout, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { PageSpinner } from '../../components/page-spinner';
import { TransportApprovalBanner } from '../../components/transport-approval-banner';
import { AntdScope } from '../../lib/antd-scope';
import { usePermissions } from '../../lib/permissions';
import { useSessionWatcher } from '../../lib/use-session-watcher';
import { ActingOperatorBanner } from './acting-operator-banner';
import { Breadcrumbs } from './breadcrumbs';
import { CompanySelect } from './company-select';
import { RequirePermission } from './require-permission';
import { RoleBadge } from './role-badge';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 56;
/** Room below the page for the chat launcher, so that it never covers a page's last controls. */
const CHAT_CLEARANCE = 72;

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

/** Fixed header, side menu collapsing below 992px (lg), breadcrumbs, page; session watch (section 9). */
function AppShell() {
  useSessionWatcher();
  const [collapsed, setCollapsed] = useState(false);
  // Section 6: dischargers (not an admin acting for one) get the chat while signed in.
  const hasChat = usePermissions().has('CHAT');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'fixed',
          top: 0,
          insetInline: 0,
          zIndex: 100,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          paddingInline: 16,
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Flex align="center" justify="space-between" gap={12} style={{ height: '100%' }}>
          <Flex align="center" gap={12}>
            <Typography.Text strong style={{ fontSize: 20, color: '#1f7a4d' }}>
              junkan
            </Typography.Text>
            <RoleBadge />
          </Flex>
          <Flex align="center" gap={12}>
            <CompanySelect />
            <LanguageSelect />
            <UserMenu />
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout style={{ marginTop: HEADER_HEIGHT }}>
        <Layout.Sider
          collapsible
          breakpoint="lg"
          collapsed={collapsed}
          onCollapse={setCollapsed}
          theme="light"
          width={232}
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            borderRight: '1px solid #f0f0f0',
          }}
        >
          {/* The menu scrolls above the collapse trigger, which would otherwise cover its last items. */}
          <div style={{ height: '100%', overflowY: 'auto' }}>
            <SideMenu />
          </div>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, paddingBottom: hasChat ? CHAT_CLEARANCE : 24, minWidth: 0 }}>
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
      {hasChat && (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      )}
    </Layout>
  );
}

import {
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FileZipOutlined,
  HomeOutlined,
  MessageOutlined,
  NotificationOutlined,
  PlusCircleOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePermissions } from '../../lib/permissions';
import { useSession } from '../../lib/use-session';
import { APP_PAGES, menuKeyForPath, visibleMenuPages } from '../route-table';
import { useOperatorSwitch } from './use-operator-switch';

/** Decoration beside each label, hidden from screen readers (they would read the icon's English name first). */
const ICONS: Record<string, ReactNode> = {
  accountSelection: <SwapOutlined aria-hidden />,
  transportApproval: <UserAddOutlined aria-hidden />,
  home: <HomeOutlined aria-hidden />,
  newRequest: <PlusCircleOutlined aria-hidden />,
  collectionRequest: <CarOutlined aria-hidden />,
  quoteRequest: <FileTextOutlined aria-hidden />,
  projectManagement: <ProjectOutlined aria-hidden />,
  collectionSchedules: <CalendarOutlined aria-hidden />,
  achievements: <AuditOutlined aria-hidden />,
  contractManagement: <FileDoneOutlined aria-hidden />,
  invoiceManagement: <FileTextOutlined aria-hidden />,
  invoiceRegister: <PlusCircleOutlined aria-hidden />,
  manifestManagement: <FileDoneOutlined aria-hidden />,
  licenseManagement: <SafetyCertificateOutlined aria-hidden />,
  evidencePack: <FileZipOutlined aria-hidden />,
  notice: <NotificationOutlined aria-hidden />,
  inquiry: <CustomerServiceOutlined aria-hidden />,
  inquiryAdmin: <CustomerServiceOutlined aria-hidden />,
  noticeAdmin: <NotificationOutlined aria-hidden />,
  chatAdmin: <MessageOutlined aria-hidden />,
  operations: <DashboardOutlined aria-hidden />,
};

type MenuItem = Required<MenuProps>['items'][number];

export function SideMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const { has } = usePermissions();
  const switchOperator = useOperatorSwitch();

  const items: MenuItem[] = [];
  visibleMenuPages(has, session).forEach((pages, index) => {
    if (index > 0) items.push({ type: 'divider', key: `divider-${index}` });
    for (const p of pages) {
      items.push({
        key: p.key,
        icon: ICONS[p.key] ?? <DatabaseOutlined aria-hidden />,
        label: t(`menu.${p.key}`),
      });
    }
  });
  const selected = menuKeyForPath(pathname);

  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      items={
        items.length > 0
          ? items
          : [{ key: 'empty', icon: <AppstoreOutlined aria-hidden />, label: '', disabled: true }]
      }
      onClick={({ key }) => {
        const page = APP_PAGES.find((p) => p.key === key);
        if (!page) return;
        // An acting admin must get the own token back before choosing another operator.
        if (page.key === 'accountSelection' && session.adminId !== null) switchOperator();
        else navigate(page.path);
      }}
    />
  );
}

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

const ICONS: Record<string, ReactNode> = {
  accountSelection: <SwapOutlined />,
  transportApproval: <UserAddOutlined />,
  home: <HomeOutlined />,
  newRequest: <PlusCircleOutlined />,
  collectionRequest: <CarOutlined />,
  quoteRequest: <FileTextOutlined />,
  projectManagement: <ProjectOutlined />,
  collectionSchedules: <CalendarOutlined />,
  achievements: <AuditOutlined />,
  contractManagement: <FileDoneOutlined />,
  invoiceManagement: <FileTextOutlined />,
  invoiceRegister: <PlusCircleOutlined />,
  manifestManagement: <FileDoneOutlined />,
  licenseManagement: <SafetyCertificateOutlined />,
  evidencePack: <FileZipOutlined />,
  notice: <NotificationOutlined />,
  inquiry: <CustomerServiceOutlined />,
  inquiryAdmin: <CustomerServiceOutlined />,
  noticeAdmin: <NotificationOutlined />,
  chatAdmin: <MessageOutlined />,
  operations: <DashboardOutlined />,
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
      items.push({ key: p.key, icon: ICONS[p.key] ?? <DatabaseOutlined />, label: t(`menu.${p.key}`) });
    }
  });
  const selected = menuKeyForPath(pathname);

  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      items={
        items.length > 0 ? items : [{ key: 'empty', icon: <AppstoreOutlined />, label: '', disabled: true }]
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

import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticesAdminTab } from '../components/notices-admin-tab';
import { UpdateInfosAdminTab } from '../components/update-infos-admin-tab';

/** /notice-admin: the administrators write notices (with their audience and days) and update information. */
export default function NoticeAdminPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.noticeAdmin')} data-testid="notice-admin-page">
      <Tabs
        items={[
          { key: 'notices', label: t('notices.tabNotices'), children: <NoticesAdminTab /> },
          { key: 'updates', label: t('notices.tabUpdates'), children: <UpdateInfosAdminTab /> },
        ]}
      />
    </Card>
  );
}

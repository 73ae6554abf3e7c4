import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { breadcrumbTrail } from '../route-table';

/** The trail from home to the page, each step up a link (route-table.ts gives pages their parent). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = breadcrumbTrail(pathname).map((crumb) => {
    const label = t(`menu.${crumb.key}`);
    const text = crumb.id === undefined ? label : t('layout.crumbWithId', { label, id: crumb.id });
    return { title: crumb.to ? <Link to={crumb.to}>{text}</Link> : text };
  });
  return <Breadcrumb data-testid="breadcrumbs" items={items} style={{ marginBottom: 16 }} />;
}

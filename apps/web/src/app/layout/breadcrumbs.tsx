import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRecordLabelOf } from '../../lib/record-label';
import { breadcrumbTrail } from '../route-table';

/** The trail from home to the page, each step up a link (route-table.ts gives pages their parent). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The page's own record, by what it is known as once loaded (an invoice's number), else by the address's id.
  const known = useRecordLabelOf(pathname);
  const items = breadcrumbTrail(pathname).map((crumb) => {
    const label = t(`menu.${crumb.key}`);
    const id = !crumb.to && known !== undefined ? known : crumb.id;
    const text = id === undefined ? label : t('layout.crumbWithId', { label, id });
    return { title: crumb.to ? <Link to={crumb.to}>{text}</Link> : text };
  });
  return <Breadcrumb data-testid="breadcrumbs" items={items} style={{ marginBottom: 16 }} />;
}

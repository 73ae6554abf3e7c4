import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { pageForPath } from '../route-table';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = pageForPath(pathname);
  const items =
    page && page.key !== 'home'
      ? [{ title: <Link to={paths.home.to()}>{t('menu.home')}</Link> }, { title: t(`menu.${page.key}`) }]
      : [{ title: t('menu.home') }];
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} />;
}

import { paths } from '@junkan/shared/paths';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { PageTitleBar } from '../../../components/page-title-bar';
import { useVehicles } from '../api/vehicles';
import { DriversCard } from '../components/drivers-card';
import { VehiclesCard } from '../components/vehicles-card';

/** /drivers ドライバー・車両: the transporter's driver accounts and vehicles, which the dispatch gives stops to. */
export default function DriversPage() {
  const { t } = useTranslation();
  const vehicles = useVehicles();
  return (
    <>
      <PageTitleBar title={t('driverManagement.title')}>
        <LinkButton to={paths.dispatch.to()}>{t('menu.dispatch')}</LinkButton>
      </PageTitleBar>
      <Typography.Paragraph type="secondary">{t('driverManagement.lead')}</Typography.Paragraph>
      <DriversCard vehicles={vehicles.data ?? []} />
      <VehiclesCard vehicles={vehicles} />
    </>
  );
}

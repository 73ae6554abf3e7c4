import { COLLECTION_AREA_TYPES } from '@junkan/shared/api/collection-areas';
import { Card, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CollectionAreaTable } from '../../features/collection-areas/components/collection-area-table';
import { DisposalUnitPriceTable } from '../../features/disposal-unit-prices/components/disposal-unit-price-table';
import { messageText } from '../../lib/i18n';
import { usePermissions } from '../../lib/permissions';
import { useSession } from '../../lib/use-session';

/** The disposal unit prices' tab, beside one tab per waste type of the collection areas. */
const DISPOSAL_TAB = 'DISPOSAL';

/**
 * Collection areas and unit prices of the transport company, one tab per waste type, and the disposal unit
 * prices for a company holding DISPOSAL_UNIT_PRICE (the tab is kept in the URL). It composes two features'
 * price masters (collection-areas, disposal-unit-prices), so it sits here.
 */
export default function AreaPriceSettingPage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const { has } = usePermissions();
  const [params, setParams] = useSearchParams();
  const showDisposal = has('DISPOSAL_UNIT_PRICE');
  const keys: string[] = [...COLLECTION_AREA_TYPES, ...(showDisposal ? [DISPOSAL_TAB] : [])];
  const requested = params.get('type') ?? '';
  const active = keys.includes(requested) ? requested : 'REGULAR';

  // Areas belong to a transport company: an admin acting for a discharger holds the key but has none.
  if (!roles.includes('TRANSPORT'))
    return <Result status="403" title={t('menu.areaPriceSetting')} subTitle={messageText(t, 'forbidden')} />;

  return (
    <Card title={t('menu.areaPriceSetting')} data-testid="area-price-setting">
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        destroyOnHidden
        items={[
          ...COLLECTION_AREA_TYPES.map((k) => ({
            key: k,
            label: t(`areaPriceSetting.type.${k}`),
            children: <CollectionAreaTable type={k} />,
          })),
          ...(showDisposal
            ? [{ key: DISPOSAL_TAB, label: t('disposalUnitPrice.tab'), children: <DisposalUnitPriceTable /> }]
            : []),
        ]}
      />
    </Card>
  );
}

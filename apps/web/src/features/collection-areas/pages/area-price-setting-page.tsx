import { COLLECTION_AREA_TYPES, type CollectionAreaType } from '@junkan/shared';
import { Card, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageText } from '../../../lib/i18n';
import { useSession } from '../../../lib/use-session';
import { CollectionAreaTable } from '../components/collection-area-table';

/** Collection areas and unit prices of the transport company, one tab per waste type (kept in the URL). */
export default function AreaPriceSettingPage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const type: CollectionAreaType = COLLECTION_AREA_TYPES.includes(requested as CollectionAreaType)
    ? (requested as CollectionAreaType)
    : 'REGULAR';

  // Areas belong to a transport company: an admin acting for a discharger holds the key but has none.
  if (!roles.includes('TRANSPORT'))
    return <Result status="403" title={t('menu.areaPriceSetting')} subTitle={messageText(t, 'forbidden')} />;

  return (
    <Card title={t('menu.areaPriceSetting')} data-testid="area-price-setting">
      <Tabs
        activeKey={type}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        destroyOnHidden
        items={COLLECTION_AREA_TYPES.map((k) => ({
          key: k,
          label: t(`areaPriceSetting.type.${k}`),
          children: <CollectionAreaTable type={k} />,
        }))}
      />
    </Card>
  );
}

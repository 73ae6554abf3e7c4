import type { DisposalUnitPrice } from '@junkan/shared/api/disposal-unit-prices';
import { paths } from '@junkan/shared/paths';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { japanToday } from '../../../components/form/date-field';
import { useFormModalTarget } from '../../../components/form-modal';
import { LoadFailed } from '../../../components/master-list';
import { periodPriceColumns } from '../../../components/price-master/period-price-columns';
import { PeriodPriceList, usePeriodPriceList } from '../../../components/price-master/period-price-list';
import { periodText } from '../../../components/price-master/period-text';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { formatYen } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useDisposalPermitKinds } from '../api/disposal-permit-kinds';
import { useDeleteDisposalUnitPrice, useDisposalUnitPrices } from '../api/disposal-unit-prices';
import { DisposalUnitPriceFormModal } from './disposal-unit-price-form-modal';

/** The company's disposal unit prices (処分単価) per waste and unit: list, register, edit, delete. */
export function DisposalUnitPriceTable() {
  const { t } = useTranslation();
  const state = usePeriodPriceList();
  const modal = useFormModalTarget<DisposalUnitPrice>();
  const list = useDisposalUnitPrices(state.params);
  const permitKinds = useDisposalPermitKinds();
  const coveredKinds = permitKinds.data?.wasteKinds;
  // A price needs a live disposal permit covering its kind: without one, nothing can be registered.
  const noPermit = coveredKinds !== undefined && coveredKinds.length === 0;
  const remove = useDeleteDisposalUnitPrice();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);

  const confirmDelete = (row: DisposalUnitPrice) =>
    deleteWithConfirm({
      id: row.id,
      title: t('disposalUnitPrice.deleteTitle'),
      name: `${row.wasteName} ${formatYen(row.unitPrice)}/${row.unit} ${periodText(row, t('disposalUnitPrice.untilFurtherNotice'))}`,
    });

  if (list.isError && !list.data) {
    return <LoadFailed title={t('disposalUnitPrice.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  return (
    <div data-testid="disposal-unit-prices">
      <Typography.Paragraph type="secondary">{t('disposalUnitPrice.intro')}</Typography.Paragraph>
      {noPermit ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="disposal-permit-missing"
          message={t('disposalUnitPrice.noPermit')}
          description={
            <>
              {t('disposalUnitPrice.noPermitHint')}{' '}
              <Link to={paths.licenseManagement.to()}>{t('disposalUnitPrice.toLicenseManagement')}</Link>
            </>
          }
        />
      ) : (
        coveredKinds && (
          <Typography.Paragraph type="secondary" data-testid="disposal-permit-kinds">
            {t('disposalUnitPrice.coveredKinds', {
              kinds: coveredKinds.map((k) => k.name).join(currentPunctuation().list),
            })}
          </Typography.Paragraph>
        )
      )}
      <PeriodPriceList<DisposalUnitPrice>
        texts="disposalUnitPrice"
        state={state}
        data={list.data}
        loading={list.isFetching}
        onNew={() => modal.show(null)}
        newDisabled={noPermit}
        searchStyle={{ width: 260, maxWidth: '100%' }}
        scroll={{ x: 'max-content' }}
        columns={periodPriceColumns<DisposalUnitPrice>({
          t,
          texts: 'disposalUnitPrice',
          sort: state.sort,
          today: japanToday(),
          renderPrice: (r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatYen(r.unitPrice)}/{r.unit}
            </span>
          ),
          onEdit: modal.show,
          onDelete: confirmDelete,
          nameActions: true,
        })}
      />
      <DisposalUnitPriceFormModal
        key={modal.key}
        open={modal.open}
        editing={modal.editing}
        coveredKindIds={coveredKinds?.map((k) => k.id)}
        onClose={modal.close}
      />
    </div>
  );
}

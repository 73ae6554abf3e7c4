import type { HandlingWastePrice } from '@junkan/shared/api/handling-waste-prices';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { japanToday } from '../../../components/form/date-field';
import { useFormModalTarget } from '../../../components/form-modal';
import { LoadFailed } from '../../../components/master-list';
import { periodPriceColumns } from '../../../components/price-master/period-price-columns';
import { PeriodPriceList, usePeriodPriceList } from '../../../components/price-master/period-price-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { formatDate, formatYen } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useDeleteHandlingWastePrice } from '../api/delete-handling-waste-price';
import { useHandlingWastePrices } from '../api/handling-waste-prices';
import { HandlingWastePriceFormModal } from '../components/handling-waste-price-form-modal';

/** The platform's handling-waste unit prices (user 20000's granted screen): list, register, edit, delete. */
export default function HandlingWasteUnitPricePage() {
  const { t } = useTranslation();
  const state = usePeriodPriceList();
  // Each opening mounts a fresh form (key), so it starts from the row's values.
  const modal = useFormModalTarget<HandlingWastePrice>();
  const list = useHandlingWastePrices(state.params);
  const remove = useDeleteHandlingWastePrice();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);

  const confirmDelete = (row: HandlingWastePrice) =>
    deleteWithConfirm({
      id: row.id,
      title: t('handlingWastePrice.deleteTitle'),
      name: `${row.wasteName} ${formatDate(row.validFrom)}${currentPunctuation().range}${row.validTo ? formatDate(row.validTo) : ''}`,
    });

  if (list.isError && !list.data) {
    return <LoadFailed title={t('handlingWastePrice.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  return (
    <Card title={t('menu.handlingWasteUnitPrice')} data-testid="handling-waste-price-page">
      <PeriodPriceList<HandlingWastePrice>
        texts="handlingWastePrice"
        state={state}
        data={list.data}
        loading={list.isFetching}
        onNew={() => modal.show(null)}
        searchStyle={{ width: 280 }}
        columns={periodPriceColumns<HandlingWastePrice>({
          t,
          texts: 'handlingWastePrice',
          sort: state.sort,
          today: japanToday(),
          middle: [
            { key: 'unit', title: t('handlingWastePrice.column.unit'), dataIndex: 'unit', width: 100 },
          ],
          renderPrice: (r) => formatYen(r.unitPrice),
          onEdit: modal.show,
          onDelete: confirmDelete,
          widths: { unitPrice: 160, period: 240, status: 110, actions: 200 },
        })}
      />
      <HandlingWastePriceFormModal
        key={modal.key}
        open={modal.open}
        editing={modal.editing}
        onClose={modal.close}
      />
    </Card>
  );
}

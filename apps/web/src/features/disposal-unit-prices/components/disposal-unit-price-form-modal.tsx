import type { DisposalUnitPrice } from '@junkan/shared/api/disposal-unit-prices';
import type { WasteItem } from '@junkan/shared/api/waste';
import { majorClassOf } from '@junkan/shared/rules/combined-unit-price';
import { useMemo } from 'react';
import { PeriodPriceFormModal } from '../../../components/price-master/period-price-form-modal';
import { useCreateDisposalUnitPrice, useUpdateDisposalUnitPrice } from '../api/disposal-unit-prices';

export interface DisposalUnitPriceFormModalProps {
  open: boolean;
  /** The price being edited; null registers a new one. */
  editing: DisposalUnitPrice | null;
  /** Major classes the company's disposal permits cover: only their wastes are offered (all while unknown). */
  coveredKindIds?: number[];
  onClose: () => void;
}

/** Register or edit one disposal unit price. A period overlapping another is shown on the start date. */
export function DisposalUnitPriceFormModal({
  open,
  editing,
  coveredKindIds,
  onClose,
}: DisposalUnitPriceFormModalProps) {
  const create = useCreateDisposalUnitPrice();
  const update = useUpdateDisposalUnitPrice();
  const offerWaste = useMemo(
    () => coveredKindIds && ((w: WasteItem) => coveredKindIds.includes(majorClassOf(w))),
    [coveredKindIds],
  );
  return (
    <PeriodPriceFormModal
      open={open}
      editing={editing}
      onClose={onClose}
      texts="disposalUnitPrice"
      testIdPrefix="disposal-price"
      saving={create.isPending || update.isPending}
      save={({ unitMeasureId, ...rest }) => {
        // The unit is required: the form sends no price without one.
        const body = { ...rest, unitMeasureId: unitMeasureId as number };
        return editing ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body);
      }}
      offerWaste={offerWaste}
      unitRequired
      showPerUnit
    />
  );
}

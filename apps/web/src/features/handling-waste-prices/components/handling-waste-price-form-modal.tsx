import type { HandlingWastePrice } from '@junkan/shared/api/handling-waste-prices';
import { PeriodPriceFormModal } from '../../../components/price-master/period-price-form-modal';
import { useCreateHandlingWastePrice } from '../api/create-handling-waste-price';
import { useUpdateHandlingWastePrice } from '../api/update-handling-waste-price';

export interface HandlingWastePriceFormModalProps {
  open: boolean;
  /** The price being edited; null registers a new one. */
  editing: HandlingWastePrice | null;
  onClose: () => void;
}

/** Register or edit one price (the unit may be left empty). Enter submits; closing with unsaved input asks first. */
export function HandlingWastePriceFormModal({ open, editing, onClose }: HandlingWastePriceFormModalProps) {
  const create = useCreateHandlingWastePrice();
  const update = useUpdateHandlingWastePrice();
  return (
    <PeriodPriceFormModal
      open={open}
      editing={editing}
      onClose={onClose}
      texts="handlingWastePrice"
      testIdPrefix="handling-price"
      saving={create.isPending || update.isPending}
      save={(body) => (editing ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body))}
    />
  );
}

import type { DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import { formatPlainDate } from '../lib/format';

type Item = NonNullable<DescriptionsProps['items']>[number];

/**
 * The last day a record is kept (manifests, completion reports, contracts and permits five years from their last
 * date, invoices seven after their fiscal year's return: the shared retention rule, which the server answers as
 * `keptUntil`), as detail pages show it: "2031/11/28 まで" under the label 保存期限.
 */
export function KeptUntilValue({ t, keptUntil }: { t: TFunction; keptUntil: string }) {
  return <span data-testid="kept-until">{t('common.keptUntil', { date: formatPlainDate(keptUntil) })}</span>;
}

/** The same as an item of a descriptions list. */
export function keptUntilItem(t: TFunction, keptUntil: string): Item {
  return {
    key: 'keptUntil',
    label: t('common.keptUntilLabel'),
    children: <KeptUntilValue t={t} keptUntil={keptUntil} />,
  };
}

/** The same as a line of text, where the record is shown without a descriptions list. */
export function KeptUntilLine({ t, keptUntil }: { t: TFunction; keptUntil: string }) {
  return (
    <span data-testid="kept-until">{t('common.keptUntilLine', { date: formatPlainDate(keptUntil) })}</span>
  );
}

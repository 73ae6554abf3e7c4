import type { CriterionCheck } from '@junkan/shared/accessibility-checklist';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_WARNING_LEAD_MS } from '@junkan/shared/session';
import { useTranslation } from 'react-i18next';
import css from '../accessibility.module.css';

/** `accessibilityCriteria.<key>` of a criterion: 1.4.3 -> c1_4_3. */
export const criterionKey = (id: string) => `c${id.replaceAll('.', '_')}`;

/** The values the notes speak of, from the rules they describe. */
const NOTE_VALUES = {
  minutes: SESSION_WARNING_LEAD_MS / 60_000,
  hours: SESSION_ABSOLUTE_LIFETIME_MS / 3_600_000,
};

/** The success-criteria checklist: number, name, level, 適用 / 非適用, result and note of each criterion. */
export function ChecklistTable({
  checklist,
  caption,
}: {
  checklist: readonly CriterionCheck[];
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    // A box that scrolls is reached by keyboard to scroll it (JIS X 8341-3 2.1.1), named by the table's caption.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling box is what takes the keys
    <section className={css.tableScroll} aria-label={caption} tabIndex={0}>
      <table className={css.table} data-testid="accessibility-checklist">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('accessibility.columns.id')}</th>
            <th scope="col">{t('accessibility.columns.name')}</th>
            <th scope="col">{t('accessibility.columns.level')}</th>
            <th scope="col">{t('accessibility.columns.applies')}</th>
            <th scope="col">{t('accessibility.columns.result')}</th>
            <th scope="col">{t('accessibility.columns.note')}</th>
          </tr>
        </thead>
        <tbody>
          {checklist.map((c) => {
            const key = `accessibilityCriteria.${criterionKey(c.id)}`;
            return (
              <tr key={c.id}>
                <td className={css.nowrap}>{c.id}</td>
                <th scope="row">{t(`${key}.name`)}</th>
                <td>{c.level}</td>
                <td>{t(c.applies ? 'accessibility.applies.yes' : 'accessibility.applies.no')}</td>
                <td>{t(`accessibility.results.${c.result}`)}</td>
                <td>{i18n.exists(`${key}.note`) ? t(`${key}.note`, NOTE_VALUES) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

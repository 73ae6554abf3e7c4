import type { CalendarImpactItem } from '@junkan/shared/api/business-calendar';
import { App, type ButtonProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPlainDate } from '../../../lib/format';

/**
 * Before a calendar change is saved: when it closes days that collections still to happen fall on, lists them
 * with what saving does to each (a new date proposed to the discharger, or returned) and asks to go on.
 * Resolves true to save (at once when nothing is affected), false to stay, once the question has closed: a refusal
 * of the save then keeps the focus it gives its field, which the closing question would give back to the save
 * button (as `confirmSend` does for a send made from the question itself).
 */
export function useConfirmCalendarImpact(): (affected: readonly CalendarImpactItem[]) => Promise<boolean> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (affected) => {
    if (affected.length === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      let agreed = false;
      modal.confirm({
        title: t('businessCalendar.impact.title'),
        width: 560,
        content: (
          <div data-testid="calendar-impact">
            <Typography.Paragraph>
              {t('businessCalendar.impact.lead', { count: affected.length })}
            </Typography.Paragraph>
            <ul style={{ maxHeight: 280, overflowY: 'auto', paddingInlineStart: 20, margin: 0 }}>
              {affected.map((c) => (
                <li key={c.id} data-testid={`calendar-impact-${c.id}`}>
                  {formatPlainDate(c.date)}（{t(`businessCalendar.reasonLabel.${c.reason}`)}）{' '}
                  {c.project.title} / {c.dischargeSite.name} / {c.discharger.name}（
                  {t(`collections.status.${c.status}`)}）
                  <br />
                  <Typography.Text type={c.proposedDate ? undefined : 'warning'}>
                    {c.proposedDate
                      ? t('businessCalendar.impact.proposed', { date: formatPlainDate(c.proposedDate) })
                      : t('businessCalendar.impact.returned')}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        ),
        okText: t('businessCalendar.impact.ok'),
        okButtonProps: { 'data-testid': 'calendar-impact-ok' } as ButtonProps,
        cancelText: t('forms.cancel'),
        autoFocusButton: 'cancel',
        onOk: () => {
          agreed = true;
        },
        afterClose: () => resolve(agreed),
      });
    });
  };
}

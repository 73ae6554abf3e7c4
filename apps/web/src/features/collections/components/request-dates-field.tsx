import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CollectionRequestOption } from '@junkan/shared/api/collections';
import { Button, Flex, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { cloneElement, type ReactElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateItemProps } from '../../../components/form/date-field';
import { DayPicker } from '../../../components/form/day-picker';
import { formatPlainDate } from '../../../lib/format';
import { useCollectableDays } from '../api/collectable-days';
import { dateIssueAt, maxDates } from '../collection-request-values';
import {
  collectableRange,
  type DayBlock,
  dayBlock,
  firstPickableMonth,
  type KnownDay,
} from '../request-days';
import { requestIssueText } from './show-request-issues';

/**
 * The desired dates, one picker each. Days that cannot be picked are disabled, with why in the cell's
 * title: past, outside the requestable period, or a day the transporter does not collect on (fetched for
 * the month a picker shows). The fetched days are passed up for the form's own checks.
 */
export function RequestDatesField({
  option,
  today,
  known,
  onKnown,
}: {
  option: CollectionRequestOption;
  today: string;
  known: ReadonlyMap<string, KnownDay>;
  onKnown: (days: { date: string; collectable: boolean; reason: KnownDay['reason'] }[]) => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const start = firstPickableMonth(today, option);
  const [month, setMonth] = useState(start);
  const days = useCollectableDays(option.projectId, collectableRange(month, today, option.contract));

  useEffect(() => {
    if (days.data) onKnown(days.data);
  }, [days.data, onKnown]);

  const ctx = { today, option, known };
  const blockText = (block: DayBlock) =>
    block === 'PAST' || block === 'OUTSIDE'
      ? t(`collections.block.${block}`)
      : t(`collections.reason.${block}`);
  const isBlocked = (d: Dayjs) => dayBlock(d.format('YYYY-MM-DD'), ctx) !== null;
  const cell = (current: number | string | Dayjs, info: { type: string; originNode: ReactElement }) => {
    if (info.type !== 'date' || !dayjs.isDayjs(current)) return info.originNode;
    const block = dayBlock(current.format('YYYY-MM-DD'), ctx);
    return block
      ? cloneElement(info.originNode as ReactElement<{ title?: string }>, { title: blockText(block) })
      : info.originNode;
  };

  return (
    <Form.List name="dates">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={4} data-testid="collection-dates">
          <Typography.Text strong>{t('collections.field.dates')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('collections.periodHint', {
              from: formatPlainDate(today > option.contract.startDate ? today : option.contract.startDate),
              until: formatPlainDate(option.contract.requestableUntil),
            })}{' '}
            {t('collections.dateHint')}
          </Typography.Text>
          {days.isError && <Typography.Text type="warning">{t('collections.daysFailed')}</Typography.Text>}
          {days.isFetching && (
            <Typography.Text type="secondary" aria-live="polite">
              {t('collections.daysLoading')}
            </Typography.Text>
          )}
          {fields.map((field, index) => {
            const label = t('collections.dateLabel', { n: index + 1 });
            return (
              // The picker's issue shows under the row (a noStyle item's errors go to its parent item).
              <Form.Item key={field.key} style={{ marginBottom: 8 }}>
                <Flex gap={8} align="center" style={{ maxWidth: 290 }}>
                  <Form.Item
                    name={field.name}
                    noStyle
                    {...dateItemProps}
                    rules={[
                      {
                        // The days the picker disables, typed: kept, and refused here with why.
                        validator: async () => {
                          const dates: (string | null)[] = form.getFieldValue('dates') ?? [];
                          const issue = dateIssueAt(dates, field.name, ctx);
                          if (issue) throw new Error(requestIssueText(t, issue));
                        },
                      },
                    ]}
                  >
                    <DayPicker
                      style={{ width: '100%', maxWidth: 240 }}
                      aria-label={label}
                      placeholder={label}
                      disabledDate={isBlocked}
                      cellRender={cell}
                      defaultPickerValue={dayjs(`${start}-01`)}
                      onPanelChange={(value) => value && setMonth(value.format('YYYY-MM'))}
                      onOpenChange={(open) => {
                        // The panel opens on the picked day's month, else the first pickable one.
                        const picked: unknown = form.getFieldValue(['dates', field.name]);
                        if (open) setMonth(typeof picked === 'string' && picked ? picked.slice(0, 7) : start);
                      }}
                    />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`${label} ${t('collections.removeDate')}`}
                      title={t('collections.removeDate')}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Flex>
              </Form.Item>
            );
          })}
          {errors.length > 0 && (
            <Form.Item style={{ marginBottom: 0 }}>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
          {fields.length < maxDates(option) && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(null)}
              style={{ alignSelf: 'flex-start' }}
              data-testid="collection-add-date"
            >
              {t('collections.addDate')}
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

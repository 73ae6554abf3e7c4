import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BusinessCalendarDay, ClosedDayRow } from '@junkan/shared/api/business-calendar';
import { Button, Card, Col, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import { emptyLocale, LoadFailed } from '../../../components/master-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { formatDate } from '../../../lib/format';
import { useBusinessSettings } from '../api/business-settings';
import { useClosedDays } from '../api/closed-days';
import { useDeleteClosedDay } from '../api/delete-closed-day';
import { BusinessCalendarView } from '../components/business-calendar-view';
import { BusinessSettingsForm } from '../components/business-settings-form';
import { ClosedDayModal } from '../components/closed-day-modal';

/** Business days and hours of the transport company, its closed days, and the month calendar. */
export default function BusinessDateSettingPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const settings = useBusinessSettings();
  const closedDays = useClosedDays(month.year());
  const remove = useDeleteClosedDay();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync);
  // Each opening mounts a fresh form (key), so it starts from the clicked date.
  const adding = useFormModalTarget<Dayjs>();

  const weekdayOf = (date: string) => t(`businessCalendar.weekday.${dayjs(date).day()}`);
  const label = (date: string) =>
    t('businessCalendar.dayDetail', { date: formatDate(date), weekday: weekdayOf(date) });

  const confirmRemove = (row: ClosedDayRow) =>
    deleteWithConfirm({
      id: row.id,
      title: t('businessCalendar.deleteTitle'),
      content: t('businessCalendar.confirmDeleteDay', { date: label(row.date) }),
    });

  const onDayClick = (
    date: Dayjs,
    _day: BusinessCalendarDay | undefined,
    closed: ClosedDayRow | undefined,
  ) => {
    if (closed) confirmRemove(closed);
    else adding.show(date);
  };

  if (settings.isError) {
    return <LoadFailed title={t('businessCalendar.loadFailed')} onRetry={() => void settings.refetch()} />;
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={8}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <BusinessSettingsForm settings={settings.data} loading={settings.isLoading} />
          </Col>
          <Col span={24}>
            <Card
              title={t('businessCalendar.closedDaysTitle', { year: month.year() })}
              extra={
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => adding.show(null)}
                  data-testid="add-closed-day"
                >
                  {t('businessCalendar.addClosedDay')}
                </Button>
              }
            >
              <DataTable<ClosedDayRow>
                rowKey="id"
                size="small"
                loading={closedDays.isLoading}
                dataSource={closedDays.data ?? []}
                pagination={false}
                scroll={{ y: 320 }}
                locale={emptyLocale(t('businessCalendar.noClosedDays'))}
                columns={[
                  {
                    key: 'date',
                    title: t('businessCalendar.date'),
                    width: 150,
                    render: (_, r) => label(r.date),
                  },
                  { key: 'reason', title: t('businessCalendar.reason'), dataIndex: 'reason', ellipsis: true },
                  {
                    key: 'actions',
                    width: 56,
                    render: (_, r) => (
                      <Button
                        size="small"
                        danger
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('businessCalendar.delete')}
                        onClick={() => confirmRemove(r)}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          </Col>
        </Row>
      </Col>
      <Col xs={24} xl={16}>
        <BusinessCalendarView
          month={month}
          onMonthChange={setMonth}
          onDayClick={onDayClick}
          closedDays={closedDays.data ?? []}
        />
      </Col>
      <ClosedDayModal key={adding.key} open={adding.open} date={adding.editing} onClose={adding.close} />
    </Row>
  );
}

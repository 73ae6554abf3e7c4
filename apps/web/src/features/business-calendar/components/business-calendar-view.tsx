import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { BusinessCalendarDay, ClosedDayRow } from '@junkan/shared/api/business-calendar';
import { Button, Calendar, Card, Flex, Space, Spin, Tag, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessCalendarMonth } from '../api/business-calendar-month';

export interface BusinessCalendarViewProps {
  month: Dayjs;
  onMonthChange: (month: Dayjs) => void;
  /** A click on a day of the shown month: add a closed day, or remove the company's own one. */
  onDayClick: (date: Dayjs, day: BusinessCalendarDay | undefined, closed: ClosedDayRow | undefined) => void;
  closedDays: ClosedDayRow[];
}

/** A month of the company's calendar: national holidays, its closed days and regular days off. */
export function BusinessCalendarView({
  month,
  onMonthChange,
  onDayClick,
  closedDays,
}: BusinessCalendarViewProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const calendar = useBusinessCalendarMonth(month.year(), month.month() + 1);
  const days = useMemo(() => new Map((calendar.data ?? []).map((d) => [d.date, d])), [calendar.data]);
  const isEnglish = i18n.language === 'en';

  const colors = {
    holiday: token.colorError,
    closed: token.colorWarning,
    offBg: token.colorFillTertiary,
    closedBg: token.colorWarningBg,
    holidayBg: token.colorErrorBg,
  };

  const renderDay = (date: Dayjs) => {
    const key = date.format('YYYY-MM-DD');
    const inMonth = date.month() === month.month() && date.year() === month.year();
    const day = inMonth ? days.get(key) : undefined;
    const closed = closedDays.find((c) => c.date === key);
    const holidayName = day
      ? isEnglish
        ? (day.holidayNameEn ?? day.holidayName)
        : day.holidayName
      : undefined;
    const background = !day
      ? undefined
      : day.reason === 'CLOSED_DAY'
        ? colors.closedBg
        : day.reason === 'NATIONAL_HOLIDAY'
          ? colors.holidayBg
          : day.reason
            ? colors.offBg
            : undefined;
    const isToday = key === dayjs().format('YYYY-MM-DD');
    return (
      <div
        data-testid={inMonth ? `calendar-day-${key}` : undefined}
        data-business={day ? String(day.isBusinessDay) : undefined}
        style={{
          margin: '0 2px',
          padding: '4px 6px',
          height: 84,
          borderTop: `2px solid ${isToday ? token.colorPrimary : token.colorBorderSecondary}`,
          background,
          textAlign: 'left',
          overflow: 'hidden',
        }}
      >
        <div
          style={{
            textAlign: 'right',
            // Another month's days in the secondary text colour, which still reads at 4.5:1 (not faded out).
            color: !inMonth
              ? token.colorTextDescription
              : holidayName || date.day() === 0
                ? colors.holiday
                : date.day() === 6
                  ? token.colorPrimary
                  : undefined,
            fontWeight: isToday ? 600 : undefined,
          }}
        >
          {date.date()}
        </div>
        {holidayName && (
          <Typography.Text style={{ color: colors.holiday, fontSize: 12, display: 'block' }} ellipsis>
            {holidayName}
          </Typography.Text>
        )}
        {day?.reason === 'CLOSED_DAY' && (
          <Typography.Text style={{ fontSize: 12, display: 'block' }} ellipsis={{ tooltip: closed?.reason }}>
            <Tag color="warning" style={{ marginInlineEnd: 4 }}>
              {t('businessCalendar.closedTag')}
            </Tag>
            {day.closedReason}
          </Typography.Text>
        )}
        {day?.reason === 'NOT_BUSINESS_WEEKDAY' && !holidayName && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('businessCalendar.legend.off')}
          </Typography.Text>
        )}
      </div>
    );
  };

  const legend = [
    { label: t('businessCalendar.legend.holiday'), color: colors.holidayBg },
    { label: t('businessCalendar.legend.closed'), color: colors.closedBg },
    { label: t('businessCalendar.legend.off'), color: colors.offBg },
  ];

  return (
    <Card
      title={t('businessCalendar.calendarTitle')}
      extra={
        <Space wrap size={12}>
          {legend.map((l) => (
            <Space key={l.label} size={4}>
              <span
                style={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  background: l.color,
                  border: `1px solid ${token.colorBorder}`,
                }}
              />
              <Typography.Text style={{ fontSize: 12 }}>{l.label}</Typography.Text>
            </Space>
          ))}
        </Space>
      }
      data-testid="business-calendar"
    >
      <Spin spinning={calendar.isFetching}>
        <Calendar
          value={month}
          mode="month"
          fullCellRender={(date, info) => (info.type === 'date' ? renderDay(date) : info.originNode)}
          onSelect={(date, { source }) => {
            if (source !== 'date') return;
            if (date.month() !== month.month() || date.year() !== month.year()) {
              onMonthChange(date.startOf('month'));
              return;
            }
            const key = date.format('YYYY-MM-DD');
            onDayClick(
              date,
              days.get(key),
              closedDays.find((c) => c.date === key),
            );
          }}
          headerRender={() => (
            <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
              <Space>
                <Button
                  icon={<LeftOutlined />}
                  aria-label={t('businessCalendar.prevMonth')}
                  onClick={() => onMonthChange(month.subtract(1, 'month'))}
                />
                <Typography.Title level={5} style={{ margin: 0, minWidth: 120, textAlign: 'center' }}>
                  {t('businessCalendar.monthTitle', {
                    year: month.year(),
                    // English names the month; Japanese counts it (2026年11月).
                    month: isEnglish ? month.locale('en').format('MMMM') : month.month() + 1,
                  })}
                </Typography.Title>
                <Button
                  icon={<RightOutlined />}
                  aria-label={t('businessCalendar.nextMonth')}
                  onClick={() => onMonthChange(month.add(1, 'month'))}
                />
                <Button onClick={() => onMonthChange(dayjs().startOf('month'))}>
                  {t('businessCalendar.thisMonth')}
                </Button>
              </Space>
              <Typography.Text type="secondary">{t('businessCalendar.clickHint')}</Typography.Text>
            </Flex>
          )}
        />
      </Spin>
    </Card>
  );
}

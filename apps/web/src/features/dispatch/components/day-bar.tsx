import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dayPickerProps } from '../../../components/form/date-field';
import { shiftDay } from '../dispatch-values';

/** The dispatch's day: a picker, the day before and after, and today. */
export function DayBar({
  date,
  today,
  onChange,
}: {
  date: string;
  today: string;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="dispatch-day">
      <label htmlFor="dispatch-date">{t('dispatch.date')}</label>
      <DatePicker
        {...dayPickerProps}
        id="dispatch-date"
        style={{ width: 170 }}
        allowClear={false}
        value={dayjs(date)}
        onChange={(d) => d && onChange(d.format('YYYY-MM-DD'))}
        data-testid="dispatch-date"
      />
      <Flex gap={4}>
        <Button icon={<LeftOutlined />} onClick={() => onChange(shiftDay(date, -1))}>
          {t('dispatch.prevDay')}
        </Button>
        <Button onClick={() => onChange(today)} disabled={date === today} autoInsertSpace={false}>
          {t('dispatch.today')}
        </Button>
        <Button onClick={() => onChange(shiftDay(date, 1))}>
          {t('dispatch.nextDay')}
          <RightOutlined />
        </Button>
      </Flex>
    </Flex>
  );
}

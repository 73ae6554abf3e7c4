import { WASTE_TYPE_CODE } from '@junkan/shared/enums';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { DatePicker, Form, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AddressSearch } from '../../../components/address-search';
import { keepEnterInPicker, monthPickerProps } from '../../../components/form/date-field';
import type { YearMonth } from '../../../lib/format';
import { type AchievementFilters, type AchievementPeriod, parseWasteType } from '../achievement-filters';
import { isMonthAfter } from '../achievement-list-values';

const TYPE_ALL = 'ALL';

/** The list's filters: annual or monthly, the year or month (none after this one), the waste type and name. */
export function AchievementListFilters({
  filters,
  today,
  update,
}: {
  filters: AchievementFilters;
  today: YearMonth;
  update: (change: Partial<AchievementFilters>) => void;
}) {
  const { t } = useTranslation();
  const pickerValue = dayjs(`${filters.year}-${String(filters.month).padStart(2, '0')}-01`);
  return (
    <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} component="div">
      <Form.Item>
        <Segmented<AchievementPeriod>
          aria-label={t('achievements.filter.period')}
          value={filters.period}
          onChange={(period) => update({ period })}
          options={[
            { value: 'annual', label: t('achievements.filter.annual') },
            { value: 'monthly', label: t('achievements.filter.monthly') },
          ]}
        />
      </Form.Item>
      {filters.period === 'monthly' ? (
        <Form.Item label={t('achievements.filter.yearMonth')} htmlFor="achievements-year-month">
          <DatePicker
            id="achievements-year-month"
            {...monthPickerProps}
            allowClear={false}
            value={pickerValue}
            disabledDate={(d) => isMonthAfter(d.year(), d.month() + 1, today)}
            onChange={(d) => d && update({ year: d.year(), month: d.month() + 1 })}
            style={{ width: 140 }}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('achievements.filter.year')} htmlFor="achievements-year">
          <DatePicker
            id="achievements-year"
            picker="year"
            format="YYYY"
            allowClear={false}
            value={pickerValue}
            disabledDate={(d) => d.year() > today.year}
            onChange={(d) => d && update({ year: d.year() })}
            onKeyDown={keepEnterInPicker}
            style={{ width: 120 }}
          />
        </Form.Item>
      )}
      <Form.Item label={t('achievements.filter.type')} htmlFor="achievements-type">
        <Select<string>
          id="achievements-type"
          value={filters.type === null ? TYPE_ALL : String(filters.type)}
          onChange={(value) => update({ type: parseWasteType(value) })}
          style={{ width: 150 }}
          options={[
            { value: TYPE_ALL, label: t('achievements.filter.typeAll') },
            { value: String(WASTE_TYPE_CODE.INDUSTRIAL), label: t('projectType.INDUSTRIAL') },
            { value: String(WASTE_TYPE_CODE.REGULAR), label: t('projectType.REGULAR') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('achievements.filter.wasteName')} htmlFor="achievements-waste-name">
        <AddressSearch
          id="achievements-waste-name"
          value={filters.wasteName}
          maxLength={MAX_LENGTH.wasteNameSearch}
          onSearch={(wasteName) => update({ wasteName })}
          width={280}
        />
      </Form.Item>
    </Form>
  );
}

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { COLLECTION_STATUSES } from '@junkan/shared/collection-rules';
import { Button, Flex, Form, Grid, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusLabelKey } from '../collection-labels';
import {
  type Choice,
  parseCollectionStatus,
  type ScheduleFilters,
  type ScheduleView,
  shiftMonth,
} from '../schedule-filters';

const ALL = 'ALL';

/** Month switch, calendar/list switch and the filters; every change goes to the address. */
export function ScheduleToolbar({
  filters,
  thisMonth,
  projects,
  sites,
  onChange,
}: {
  filters: ScheduleFilters;
  thisMonth: string;
  projects: Choice[];
  sites: Choice[];
  onChange: (change: Partial<ScheduleFilters>) => void;
}) {
  const { t } = useTranslation();
  // On a phone the filters stack, each select the screen's width.
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const selectWidth = narrow ? '100%' : 220;
  const [year, month] = filters.month.split('-').map(Number);
  const idSelect = (
    id: string,
    value: number | null,
    choices: Choice[],
    change: (v: number | null) => void,
  ) => (
    <Select<number | typeof ALL>
      id={id}
      value={value ?? ALL}
      onChange={(v) => change(v === ALL ? null : v)}
      style={{ width: selectWidth }}
      showSearch={{ optionFilterProp: 'label' }}
      options={[{ value: ALL, label: t('collections.filter.all') }, ...choices]}
    />
  );
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Flex gap={4} align="center">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('collections.prevMonth')}
            title={t('collections.prevMonth')}
            onClick={() => onChange({ month: shiftMonth(filters.month, -1) })}
          />
          <Typography.Title level={5} style={{ margin: '0 4px', textAlign: 'center' }}>
            <span data-testid="schedule-month">{t('collections.monthLabel', { year, month })}</span>
          </Typography.Title>
          <Button
            icon={<RightOutlined />}
            aria-label={t('collections.nextMonth')}
            title={t('collections.nextMonth')}
            onClick={() => onChange({ month: shiftMonth(filters.month, 1) })}
          />
          <Button
            disabled={filters.month === thisMonth}
            onClick={() => onChange({ month: thisMonth })}
            autoInsertSpace={false}
          >
            {t('collections.thisMonth')}
          </Button>
        </Flex>
        <Segmented<ScheduleView>
          value={filters.view}
          onChange={(view) => onChange({ view })}
          options={[
            { value: 'calendar', label: t('collections.view.calendar') },
            { value: 'list', label: t('collections.view.list') },
          ]}
          data-testid="schedule-view"
        />
      </Flex>
      <Form layout={narrow ? 'vertical' : 'inline'} component="div" style={{ rowGap: 8 }}>
        <Form.Item label={t('collections.filter.project')} htmlFor="schedule-project">
          {idSelect('schedule-project', filters.projectId, projects, (projectId) =>
            onChange({ projectId, dischargeSiteId: null }),
          )}
        </Form.Item>
        <Form.Item label={t('collections.filter.dischargeSite')} htmlFor="schedule-site">
          {idSelect('schedule-site', filters.dischargeSiteId, sites, (dischargeSiteId) =>
            onChange({ dischargeSiteId }),
          )}
        </Form.Item>
        <Form.Item label={t('collections.filter.status')} htmlFor="schedule-status">
          <Select<string>
            id="schedule-status"
            value={filters.status ?? ALL}
            onChange={(v) => onChange({ status: parseCollectionStatus(v) })}
            style={{ width: selectWidth }}
            options={[
              { value: ALL, label: t('collections.filter.all') },
              ...COLLECTION_STATUSES.map((s) => ({ value: s, label: t(statusLabelKey(s)) })),
            ]}
          />
        </Form.Item>
      </Form>
    </Flex>
  );
}

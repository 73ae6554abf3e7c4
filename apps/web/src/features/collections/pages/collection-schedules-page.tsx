import { PlusOutlined } from '@ant-design/icons';
import { paths } from '@junkan/shared/paths';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { japanToday } from '../../../components/form/date-field';
import { LinkButton } from '../../../components/link-button';
import { PageTitleBar } from '../../../components/page-title-bar';
import { useListPage } from '../../../lib/list-page';
import { usePermissions } from '../../../lib/permissions';
import { useCollectionList } from '../api/collection-list';
import { CalendarFeedButton } from '../components/calendar-feed-panel';
import { StatusLegend } from '../components/collection-status-tag';
import { DaySheetButton } from '../components/day-sheet-button';
import { ScheduleCalendar } from '../components/schedule-calendar';
import { ScheduleList } from '../components/schedule-list';
import { ScheduleToolbar } from '../components/schedule-toolbar';
import {
  collectionListQuery,
  fetchRange,
  parseScheduleFilters,
  projectChoices,
  type ScheduleFilters,
  scheduleFiltersToParams,
  siteChoices,
  thisJapanMonth,
  visibleCollections,
} from '../schedule-filters';

/**
 * /collection-schedules: both sides' collections of a month, as a calendar or a list, filtered in the
 * address; a transporter's follow the header's company selector and can be printed as a day sheet.
 */
export default function CollectionSchedulesPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const thisMonth = thisJapanMonth();
  const { isTransport, companyFilter, filters, update } = useListPage<ScheduleFilters>({
    parse: (params) => parseScheduleFilters(params, thisMonth),
    toParams: scheduleFiltersToParams,
  });
  const list = useCollectionList(isTransport, collectionListQuery(fetchRange(filters.month), companyFilter));
  const all = list.data ?? [];
  const shown = visibleCollections(all, filters, filters.view === 'list');
  const monthHasAny = visibleCollections(all, filters, true).length > 0;

  return (
    <>
      <PageTitleBar title={t('collections.schedulesTitle')}>
        <Flex gap={8} wrap>
          {!isTransport && has('COLLECTION_REQUEST') && (
            <LinkButton to={paths.collectionRequest.to()} type="primary" icon={<PlusOutlined />}>
              {t('collections.newRequest')}
            </LinkButton>
          )}
          {isTransport && <DaySheetButton />}
          <CalendarFeedButton />
        </Flex>
      </PageTitleBar>
      <Card size="small">
        <ScheduleToolbar
          filters={filters}
          thisMonth={thisMonth}
          projects={projectChoices(all, filters.projectId)}
          sites={siteChoices(all, filters.projectId, filters.dischargeSiteId)}
          onChange={update}
        />
        <div style={{ marginBottom: 12 }}>
          <StatusLegend />
        </div>
        {list.isError ? (
          <Result
            status="warning"
            title={t('collections.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : filters.view === 'list' ? (
          <ScheduleList
            items={shown}
            isTransport={isTransport}
            loading={list.isLoading || list.isPlaceholderData}
          />
        ) : (
          <Spin spinning={list.isLoading || list.isPlaceholderData}>
            {!list.isLoading && !monthHasAny && (
              <Typography.Paragraph type="secondary" data-testid="schedule-empty">
                {t('collections.empty')}
              </Typography.Paragraph>
            )}
            <ScheduleCalendar
              month={filters.month}
              items={shown}
              isTransport={isTransport}
              today={japanToday()}
              onMonth={(month) => update({ month })}
            />
          </Spin>
        )}
      </Card>
    </>
  );
}

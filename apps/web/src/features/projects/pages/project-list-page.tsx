import { PlusOutlined } from '@ant-design/icons';
import type { ProjectListItem } from '@junkan/shared/api/home';
import { PROJECT_TYPES } from '@junkan/shared/enums';
import { paths } from '@junkan/shared/paths';
import { PROJECT_KEYWORD_MAX, PROJECT_LIST_TABS } from '@junkan/shared/project-list';
import { Card, Flex, Select, Tabs, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { LinkButton } from '../../../components/link-button';
import {
  columnSortOrder,
  emptyLocale,
  ListToolbar,
  LoadFailed,
  listPagination,
  SearchBox,
  tableChange,
} from '../../../components/master-list';
import { ProjectStatusTag } from '../../../components/project-status-tag';
import { formatDate } from '../../../lib/format';
import { useListPage } from '../../../lib/list-page';
import { usePermissions } from '../../../lib/permissions';
import { useProjectList } from '../../../lib/project-data/project-list';
import { CoverageTag } from '../components/coverage-tag';
import {
  DEFAULT_PROJECT_FILTERS,
  filterChange,
  lastPageIfPast,
  type ProjectListFilters,
  projectFiltersCodec,
  projectListRequest,
} from '../project-list-values';

const TYPE_ALL = 'ALL';

/**
 * /project-managment: the caller's projects by tab (before contract, in progress, past), paged, sorted and
 * filtered by the server; the state lives in the address. A transporter's list follows the header's company
 * selector.
 */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const { isTransport, isDischarger, companyFilter, filters, update } =
    useListPage<ProjectListFilters>(projectFiltersCodec);
  const list = useProjectList(isTransport, projectListRequest(filters, companyFilter));
  const total = list.data?.total ?? 0;
  const sortOrder = (key: ProjectListFilters['sort']) => columnSortOrder(filters, key);
  const filtered = !!filters.keyword || !!filters.type;

  // A stale link past the last page shows the last page instead of an empty table.
  const pastEnd =
    list.data && !list.isPlaceholderData ? lastPageIfPast(filters.page, filters.size, total) : null;
  useEffect(() => {
    if (pastEnd !== null) update({ page: pastEnd });
  }, [pastEnd, update]);

  return (
    <>
      <Flex justify="space-between" align="center" wrap>
        <Typography.Title level={4}>{t('projects.listTitle')}</Typography.Title>
        {isDischarger && has('QUOTE_REQUEST') && (
          <LinkButton to={paths.quoteRequest.to()} type="primary" icon={<PlusOutlined />}>
            {t('projects.newQuote')}
          </LinkButton>
        )}
      </Flex>
      <Card size="small">
        <Tabs
          activeKey={filters.tab}
          onChange={(key) => update(filterChange({ tab: key as ProjectListFilters['tab'] }))}
          items={PROJECT_LIST_TABS.map((key) => ({ key, label: t(`projects.tab.${key}`) }))}
        />
        <ListToolbar justify="flex-start">
          <SearchBox
            // A new key resets the box when the address changes it (back button, a link).
            key={filters.keyword}
            label={t('projects.search')}
            maxLength={PROJECT_KEYWORD_MAX}
            defaultValue={filters.keyword}
            onSearch={(keyword) => update(filterChange({ keyword }))}
            testId="project-search"
          />
          <Select<string>
            aria-label={t('projects.typeFilter')}
            value={filters.type ?? TYPE_ALL}
            style={{ width: 200 }}
            onChange={(value) => update(filterChange({ type: value === TYPE_ALL ? null : (value as never) }))}
            options={[
              { value: TYPE_ALL, label: t('projects.allTypes') },
              ...PROJECT_TYPES.map((type) => ({ value: type, label: t(`projectType.${type}`) })),
            ]}
            data-testid="project-type-filter"
          />
        </ListToolbar>
        {list.isError && !list.data ? (
          <LoadFailed title={t('projects.listTitle')} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable<ProjectListItem>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            dataSource={list.data?.items ?? []}
            locale={emptyLocale(filtered ? t('projects.emptyFiltered') : t('projects.empty'))}
            onChange={(pagination, _filters, sorter) =>
              update(
                tableChange(
                  pagination,
                  sorter,
                  filters,
                  DEFAULT_PROJECT_FILTERS.sort,
                  DEFAULT_PROJECT_FILTERS.order,
                ),
              )
            }
            pagination={listPagination({
              page: filters.page,
              size: filters.size,
              total,
              sizes: true,
              totalText: (count) => t('projects.total', { count }),
            })}
            scroll={{ x: 760 }}
            data-testid="project-list"
            columns={[
              {
                key: 'status',
                title: t('projects.column.status'),
                width: 130,
                render: (_, p) => (
                  <>
                    <ProjectStatusTag status={p.projectStatus} isDischarger={isDischarger} />
                    {!isDischarger && p.projectStatus === 'REQUEST_QUOTE' && !p.transportCompany && (
                      <Tag color="magenta">{t('quotes.newRequest')}</Tag>
                    )}
                    <CoverageTag coverage={p.permitCoverage} />
                  </>
                ),
              },
              {
                key: 'id',
                title: t('projects.column.id'),
                width: 100,
                sorter: true,
                sortOrder: sortOrder('id'),
                render: (_, p) => <Link to={paths.projectDetail.to(p.id)}>{p.id}</Link>,
              },
              {
                key: 'title',
                title: t('projects.column.title'),
                ellipsis: true,
                sorter: true,
                sortOrder: sortOrder('title'),
                render: (_, p) => <Link to={paths.projectDetail.to(p.id)}>{p.projectTitle}</Link>,
              },
              {
                key: 'type',
                title: t('projects.column.type'),
                width: 130,
                render: (_, p) => t(`projectType.${p.type}`),
              },
              {
                key: 'company',
                title: isDischarger
                  ? t('projects.column.transportCompany')
                  : t('projects.column.dischargeCompany'),
                ellipsis: true,
                sorter: true,
                sortOrder: sortOrder('company'),
                render: (_, p) =>
                  isDischarger ? (p.transportCompany?.name ?? t('projects.notDecided')) : p.company.name,
              },
              {
                key: 'createdDate',
                title: t('projects.column.createdDate'),
                width: 120,
                sorter: true,
                sortOrder: sortOrder('createdDate'),
                render: (_, p) => formatDate(p.createdDate),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
